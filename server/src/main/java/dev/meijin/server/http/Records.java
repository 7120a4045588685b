package dev.meijin.server.http;

import dev.meijin.core.Color;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;

import dev.meijin.server.game.GameStatus;
import dev.meijin.server.game.StoredGame;
import dev.meijin.server.game.StoredMove;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Game records for download: a stored game as a {@link Kifu}, written by the notation module. */
final class Records {
    private static final DateTimeFormatter KIF_TIME = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private Records() {}

    /** The record of a stored game. */
    static Kifu kifu(StoredGame g, List<StoredMove> moves) {
        List<Header> headers = new ArrayList<>();
        headers.add(new Header(Headers.START_TIME, KIF_TIME.format(Instant.ofEpochMilli(g.createdAt()))));
        if (g.result() != null) {
            headers.add(new Header(Headers.END_TIME, KIF_TIME.format(Instant.ofEpochMilli(g.result().endedAt()))));
        }
        headers.add(new Header(Headers.HANDICAP, g.terms().handicap().japanese()));
        if (!g.terms().timeControl().isUnlimited()) {
            headers.add(new Header(Headers.TIME_LIMIT, g.terms().timeControl().describeJapanese()));
        }
        boolean handicap = g.terms().handicap().isHandicap();
        headers.add(new Header(handicap ? Headers.SHITATE : Headers.SENTE, name(g.sente())));
        headers.add(new Header(handicap ? Headers.UWATE : Headers.GOTE, name(g.gote())));
        Position pos = dev.meijin.core.position.Position.of(Sfen.parse(g.terms().handicap().sfen()));
        List<Step> steps = new ArrayList<>();
        long[] total = new long[2];
        for (StoredMove m : moves) {
            int mv = Usi.parseMove(pos, m.usi());
            Step s = Step.move(mv);
            if (m.timeMs() != null) {
                int side = pos.sideToMove();
                total[side] += m.timeMs();
                s = s.withTime(Optional.of(Duration.ofMillis(m.timeMs())), Optional.of(Duration.ofMillis(total[side])));
            }
            steps.add(s);
            pos.doMove(mv);
        }
        special(g, pos.turn()).ifPresent(sp -> steps.add(Step.special(sp)));
        return new Kifu(headers, Start.of(g.terms().handicap()), List.of(), steps);
    }

    private static String name(StoredGame.Player p) {
        return p.name() == null ? "" : p.name();
    }

    /** The special that ends the record, relative to the side to move at the end. */
    static Optional<Special> special(StoredGame g, Color toMove) {
        StoredGame.Result r = g.result();
        if (r == null) {
            return g.status() == GameStatus.PLAYING ? Optional.of(Special.CHUDAN) : Optional.empty();
        }
        boolean moverLost = r.winner() != null && r.winner() != toMove;
        return Optional.of(switch (r.reason()) {
            case CHECKMATE, NO_LEGAL_MOVES -> Special.TSUMI;
            case RESIGNATION -> moverLost ? Special.TORYO : (r.winner() == Color.SENTE ? Special.GOTE_ILLEGAL_ACTION : Special.SENTE_ILLEGAL_ACTION);
            case TIME_LOSS -> moverLost ? Special.TIME_UP : loserActed(r.winner());
            case ILLEGAL_MOVE -> moverLost ? Special.ILLEGAL_MOVE : Special.ILLEGAL_WIN;
            case REPETITION -> Special.SENNICHITE;
            case PERPETUAL_CHECK -> moverLost ? Special.ILLEGAL_MOVE : Special.ILLEGAL_WIN;
            case DECLARATION -> r.winner() == null ? Special.JISHOGI : Special.KACHI;
            case IMPASSE -> Special.JISHOGI;
            case TRY -> moverLost ? Special.TSUMI : Special.ILLEGAL_WIN;
            case MOVE_LIMIT -> Special.MAX_MOVES;
            case ABORTED -> Special.CHUDAN;
            case FORFEIT -> moverLost ? Special.FUSEN_LOSS : Special.FUSEN_WIN;
        });
    }

    private static Special loserActed(Color winner) {
        return winner == Color.SENTE ? Special.GOTE_ILLEGAL_ACTION : Special.SENTE_ILLEGAL_ACTION;
    }

    /** The format named by a {@code format} query value. */
    static Optional<Format> format(String name) {
        return switch (name == null ? "kif" : name) {
            case "kif" -> Optional.of(Format.KIF);
            case "ki2" -> Optional.of(Format.KI2);
            case "csa" -> Optional.of(Format.CSA);
            case "jkf" -> Optional.of(Format.JKF);
            case "sfen" -> Optional.of(Format.SFEN);
            default -> Optional.empty();
        };
    }

    /** The file extension of a downloaded record (UTF-8 variants of KIF and KI2). */
    static String extension(Format f) {
        return switch (f) {
            case KIF -> "kifu";
            case KI2 -> "ki2u";
            case CSA -> "csa";
            case JKF -> "jkf";
            case USI -> "usi";
            case SFEN -> "sfen";
        };
    }

    /** The text of a record in a format. */
    static String write(Kifu k, Format f) {
        return Formats.write(k, f, WriteOptions.UTF8).text();
    }

}
