package dev.meijin.server.http;

import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.kifu.GameInfo;
import dev.meijin.notation.kifu.GameRecords;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.server.game.GameStatus;
import dev.meijin.server.game.StoredGame;
import dev.meijin.server.game.StoredMove;
import dev.meijin.server.round.Round;
import dev.meijin.server.round.Views;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Game records for download: a stored game as a {@link Kifu}, written by the notation module. */
final class Records {
    private Records() {}

    /**
     * The record of a stored game for a format, through {@link GameRecords#toKifu}: players, start time (when both
     * players were seated, {@link StoredGame#startTime()}) and end time, time control, each move's time and the
     * ending as the format's special; a game still being played ends with 中断.
     *
     * @param zone the time zone of the start and end times: the formats write a date and a time of day without
     *     a zone, so the server's setting decides it ({@code ServerConfig.recordZone}), not the machine's
     */
    static Kifu kifu(StoredGame g, List<StoredMove> moves, Format format, ZoneId zone) {
        List<Duration> times = new ArrayList<>(moves.size());
        for (StoredMove m : moves) {
            times.add(Duration.ofMillis(m.timeMs() == null ? 0 : m.timeMs()));
        }
        GameInfo info = GameInfo.of(name(g.sente()), name(g.gote()))
                .withStartTime(LocalDateTime.ofInstant(Instant.ofEpochMilli(g.startTime()), zone))
                .withMoveTimes(times)
                .withSuspended(g.status() == GameStatus.PLAYING);
        if (g.result() != null) {
            info = info.withEndTime(LocalDateTime.ofInstant(Instant.ofEpochMilli(g.result().endedAt()), zone));
        }
        if (!g.terms().timeControl().isUnlimited()) {
            info = info.withTimeControl(g.terms().timeControl());
        }
        return GameRecords.toKifu(Round.coreGame(g, moves), info, format);
    }

    private static String name(StoredGame.Player p) {
        String name = Views.name(p);
        return name == null ? "" : name;
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
