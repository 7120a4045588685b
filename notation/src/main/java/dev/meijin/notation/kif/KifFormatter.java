package dev.meijin.notation.kif;

import dev.meijin.core.Color;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.encoding.TextEncoder;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.notation.move.JapaneseNotation;
import dev.meijin.notation.move.MoveNotationException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Writes one record in KIF or KI2, walking the move tree with one position. */
final class KifFormatter {
    /** Deeper variation trees are refused rather than risk the stack (readers stop far earlier). */
    static final int MAX_DEPTH = 1_000;
    /** KIF: the move text is padded to this many display columns before the time. */
    private static final int MOVE_COLUMNS = 13;
    /** KI2: moves per line, and display columns per move. */
    private static final int KI2_PER_LINE = 6;
    private static final int KI2_COLUMNS = 12;
    private static final Set<String> PLAYER_KEYS = Set.of(Headers.SENTE, Headers.GOTE, Headers.SHITATE, Headers.UWATE,
            Headers.SENTE_SHORT, Headers.GOTE_SHORT);

    private final Kifu kifu;
    private final WriteOptions options;
    private final Dialect dialect;
    private final StringBuilder out = new StringBuilder(4096);
    private final Set<String> dropped = new LinkedHashSet<>();
    private final boolean handicapNames;
    private int firstNumber = 1;
    private Position pos;
    /** KI2: moves on the current output line. */
    private int ki2Count;

    KifFormatter(Kifu kifu, WriteOptions options, Dialect dialect) {
        this.kifu = kifu;
        this.options = options;
        this.dialect = dialect;
        this.handicapNames = kifu.start().handicap().map(Handicap::isHandicap).orElse(false)
                || kifu.header(Headers.SHITATE).isPresent() || kifu.header(Headers.UWATE).isPresent();
    }

    WriteResult write() {
        Setup setup = kifu.start().setup();
        pos = kifu.startPosition().orElse(null);
        if (pos == null && kifu.hasMoves()) {
            throw KifuException.illegalStart(kifu);
        }
        // Without a legal start (a record a lenient reader returned with that problem) there are no moves:
        // the start is written as it is, so that nothing read is lost.
        out.append("#KIF version=2.0 encoding=").append(options.utf8() ? "UTF-8" : "Shift_JIS").append('\n');
        boolean startWritten = false;
        for (Header h : kifu.headers()) {
            if (h.key().equals(Headers.HANDICAP)) {
                continue; // the start says it
            }
            if (!startWritten && PLAYER_KEYS.contains(h.key())) {
                start(setup);
                startWritten = true;
            }
            header(h);
        }
        if (!startWritten) {
            start(setup);
        }
        if (dialect == Dialect.KIF) {
            out.append("手数----指手---------消費時間--\n");
        } else {
            out.append('\n');
        }
        for (String c : kifu.startComments()) {
            comment(c, false);
        }
        Duration[] totals = {Duration.ZERO, Duration.ZERO};
        line(kifu.moves(), 1, totals, 0);
        String text = out.toString();
        if (!options.utf8() && !TextEncoder.canEncode(text, TextDecoder.SHIFT_JIS)) {
            Set<String> bad = new LinkedHashSet<>();
            for (int i = 0; i < text.length() && bad.size() < 5; ) {
                int cp = text.codePointAt(i);
                String s = new String(Character.toChars(cp));
                if (!TextEncoder.canEncode(s, TextDecoder.SHIFT_JIS)) {
                    bad.add(s);
                }
                i += Character.charCount(cp);
            }
            text = TextEncoder.replaceUnencodable(text, TextDecoder.SHIFT_JIS, "?");
            dropped.add("characters Shift_JIS cannot hold were replaced by '?' (" + String.join(" ", bad) + ")");
        }
        return new WriteResult(text, List.copyOf(dropped), Limits.beyond(kifu, text, true, KifReader.MAX_DEPTH));
    }

    // ------------------------------------------------------------------ header block

    private void header(Header h) {
        if (!writableKey(h.key())) {
            dropped.add("the header \"" + h.key() + "\" (a KIF reader would take it for something else)");
            return;
        }
        String value = h.value();
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            value = value.replace("\r\n", " ").replace('\r', ' ').replace('\n', ' ');
            dropped.add("line breaks in the header " + h.key());
        }
        out.append(h.key()).append('：').append(value).append('\n');
    }

    /**
     * Whether {@code key：value} reads back as a header: not as a comment, move, variation, summary, separator
     * or board-diagram line, and with no colon or line break in the key.
     */
    static boolean writableKey(String key) {
        char c = key.charAt(0);
        if ("#*&|+▲△☗☖▼▽".indexOf(c) >= 0 || Character.isDigit(c) || Character.isWhitespace(c)
                || key.startsWith("変化") || key.startsWith("まで") || key.startsWith("手数-") || key.startsWith("手数－")
                || key.startsWith("手数＝") || key.startsWith("手数=") || key.startsWith("９ ８") || key.startsWith("９　８")) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char k = key.charAt(i);
            if (k == '：' || k == ':' || k == '\n' || k == '\r') {
                return false;
            }
        }
        return BoardDiagram.handColor(key + "：") == null && BoardDiagram.turnLine(key) == null;
    }

    private void start(Setup setup) {
        Optional<Handicap> h = kifu.start().handicap();
        boolean registry = h.isPresent() && setup.moveNumber() == 1
                && Sfen.parse(h.get().sfen()).equals(setup);
        if (registry) {
            out.append("手合割：").append(h.get().japanese()).append('\n');
            return;
        }
        for (String line : BoardDiagram.lines(setup, handicapNames)) {
            out.append(line).append('\n');
        }
        firstNumber = setup.moveNumber();
    }

    // ------------------------------------------------------------------ moves

    /** Writes a line starting at relative ply {@code startPly}, then its variations; leaves the position as found. */
    private void line(List<Step> steps, int startPly, Duration[] totals, int depth) {
        if (depth > MAX_DEPTH) {
            throw new KifuException(new Problem(Problem.Kind.CANNOT_WRITE, 0, 0, startPly + firstNumber - 1,
                    "variations are nested more than " + MAX_DEPTH + " deep"));
        }
        Duration[][] before = new Duration[steps.size()][];
        Duration[] acc = totals.clone();
        int done = 0;
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            int ply = startPly + i;
            before[i] = acc.clone();
            int mover = pos == null ? kifu.start().setup().turn().index() : pos.sideToMove();
            if (!s.isMove() && i != steps.size() - 1) {
                throw new KifuException(new Problem(Problem.Kind.CANNOT_WRITE, 0, 0, ply + firstNumber - 1,
                        "a special step must end its line"));
            }
            // Totals are summed exactly and cut only when written, so that times with fractions (CSA V3.0) do not
            // make them drift.
            Optional<Duration> total = s.totalTime();
            if (s.time().isPresent()) {
                acc[mover] = acc[mover].plus(s.time().get());
                if (total.isEmpty()) {
                    total = Optional.of(acc[mover]);
                } else {
                    acc[mover] = total.get();
                }
                if (dialect == Dialect.KIF && (s.time().get().getNano() != 0 || total.get().getNano() != 0)) {
                    dropped.add("the sub-second part of times (KIF records whole seconds)");
                }
            } else if (total.isPresent()) {
                acc[mover] = total.get();
                if (dialect == Dialect.KIF) {
                    dropped.add("total times of moves without a time of their own");
                }
            }
            String text = s.isMove() ? moveText(s.move(), ply) : specialText(s.special().orElseThrow(), mover);
            if (dialect == Dialect.KIF) {
                kifLine(ply, text, s.time(), total);
            } else {
                if (s.time().isPresent() || s.totalTime().isPresent()) {
                    dropped.add("times (KI2 cannot hold them)");
                }
                if (s.isMove()) {
                    ki2Token(text);
                }
            }
            boolean commented = !s.comments().isEmpty() || !s.engineComments().isEmpty();
            if (dialect == Dialect.KI2 && commented && (s.isMove() || ki2Count > 0)) {
                endKi2Line();
            }
            if (dialect == Dialect.KIF || s.isMove()) {
                for (String c : s.comments()) {
                    comment(c, false);
                }
                for (String c : s.engineComments()) {
                    comment(c, true);
                }
            }
            if (s.isMove()) {
                pos.doMove(s.move());
                done++;
            } else {
                if (dialect == Dialect.KI2) {
                    endKi2Line();
                }
                out.append(summary(s.special().get(), ply, mover)).append('\n');
                if (dialect == Dialect.KI2) {
                    for (String c : s.comments()) {
                        comment(c, false);
                    }
                    for (String c : s.engineComments()) {
                        comment(c, true);
                    }
                }
            }
        }
        if (dialect == Dialect.KI2) {
            endKi2Line();
        }
        // Variations, the latest ply first, each followed by its own: the order Kakinoki writes, which lets
        // a reader attach every 変化 to the most recently read line that has its move.
        for (int i = steps.size() - 1; i >= 0; i--) {
            List<List<Step>> forks = steps.get(i).forks();
            if (forks.isEmpty()) {
                continue;
            }
            while (done > i) {
                pos.undoMove();
                done--;
            }
            int ply = startPly + i;
            for (List<Step> fork : forks) {
                out.append('\n').append("変化：").append(ply + firstNumber - 1).append("手\n");
                line(fork, ply, before[i], depth + 1);
            }
        }
        while (done > 0) {
            pos.undoMove();
            done--;
        }
    }

    private String moveText(int move, int ply) {
        try {
            return dialect == Dialect.KIF ? JapaneseNotation.formatKif(pos, move) : JapaneseNotation.formatKi2(pos, move);
        } catch (MoveNotationException e) {
            if (e.reason() == MoveNotationException.Reason.ILLEGAL) {
                throw KifuException.illegalMove(ply + firstNumber - 1, pos, move);
            }
            throw new KifuException(new Problem(Problem.Kind.CANNOT_WRITE, 0, 0, ply + firstNumber - 1, e.getMessage()));
        }
    }

    /**
     * The KIF move-line word for a special. The two CSA-only illegal-action specials name a side; KIF names
     * the side to move, so they become 反則負け or 反則勝ち.
     */
    private static String specialText(Special s, int mover) {
        return s.japanese(Color.of(mover));
    }

    private void kifLine(int ply, String text, Optional<Duration> time, Optional<Duration> total) {
        String number = String.valueOf(ply + firstNumber - 1);
        out.append(" ".repeat(Math.max(0, 4 - number.length()))).append(number).append(' ').append(text);
        if (time.isPresent()) {
            out.append(" ".repeat(Math.max(1, MOVE_COLUMNS - columns(text))));
            long t = time.get().toSeconds();
            long all = total.orElseThrow().toSeconds();
            // Locale.ROOT: other locales may format digits that are not ASCII (Arabic-Indic, Thai…).
            out.append(String.format(Locale.ROOT, "(%2d:%02d/%02d:%02d:%02d)", t / 60, t % 60, all / 3600, all / 60 % 60, all % 60));
        }
        out.append('\n');
    }

    private void ki2Token(String text) {
        if (ki2Count == KI2_PER_LINE) {
            endKi2Line();
        }
        if (ki2Count > 0) {
            String previous = out.substring(out.lastIndexOf("\n") + 1);
            int width = columns(previous) % KI2_COLUMNS;
            out.append(" ".repeat(width == 0 ? 0 : KI2_COLUMNS - width));
        }
        out.append(text);
        ki2Count++;
    }

    private void endKi2Line() {
        if (ki2Count > 0) {
            out.append('\n');
            ki2Count = 0;
        }
    }

    private void comment(String c, boolean engine) {
        for (String line : c.split("\r\n|\r|\n", -1)) {
            if (engine) {
                out.append("**").append(line).append('\n');
            } else if (line.startsWith("&")) {
                out.append(line).append('\n');
            } else if (line.startsWith("*")) {
                // A start comment kept from a ** line.
                out.append('*').append(line).append('\n');
            } else {
                out.append('*').append(line).append('\n');
            }
        }
    }

    /** The {@code まで…} line for a line ending with a special at relative ply {@code ply}. */
    private String summary(Special s, int ply, int mover) {
        int moves = ply + firstNumber - 2;
        String toMove = side(mover);
        String other = side(1 - mover);
        String head = "まで" + moves + "手で";
        return switch (s) {
            case TORYO -> head + other + "の勝ち";
            case TSUMI -> head + "詰み";
            case FUZUMI -> head + "不詰";
            case CHUDAN -> head + "中断";
            case SENNICHITE -> head + "千日手";
            case JISHOGI -> head + "持将棋";
            case TIME_UP -> head + "時間切れにより" + other + "の勝ち";
            case ILLEGAL_MOVE -> head + toMove + "の反則負け";
            case ILLEGAL_WIN -> head + toMove + "の反則勝ち";
            case SENTE_ILLEGAL_ACTION -> head + side(0) + "の反則負け";
            case GOTE_ILLEGAL_ACTION -> head + side(1) + "の反則負け";
            case KACHI -> head + toMove + "の入玉勝ち";
            case HIKIWAKE -> head + "引き分け";
            case MAX_MOVES -> head + "最大手数";
            case FUSEN_WIN -> head + toMove + "の不戦勝";
            case FUSEN_LOSS -> head + toMove + "の不戦敗";
            case FUUJITE -> head + "封じ手";
            case MATTA -> head + "待った";
            case ERROR -> head + "エラー";
        };
    }

    private String side(int color) {
        if (handicapNames) {
            return color == Color.SENTE.index() ? Headers.SHITATE : Headers.UWATE;
        }
        return color == Color.SENTE.index() ? Headers.SENTE : Headers.GOTE;
    }

    /** Display columns: full-width characters count two. */
    static int columns(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 || (c >= '\uFF61' && c <= '\uFF9F') ? 1 : 2;
        }
        return n;
    }

    static byte[] encode(String text, boolean utf8) {
        return TextEncoder.encode(text, utf8 ? StandardCharsets.UTF_8 : TextDecoder.SHIFT_JIS);
    }
}
