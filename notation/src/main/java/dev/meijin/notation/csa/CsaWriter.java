package dev.meijin.notation.csa;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.encoding.TextEncoder;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.RecordDate;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.notation.move.CsaNotation;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes a record as CSA, version 2.2 (the default) or 3.0.
 *
 * <p>The output has, in order: for V3.0 the line {@code 'CSA encoding=UTF-8} (see
 * {@link #write(Kifu, CsaVersion, Charset)} for Shift_JIS); the version line; {@code N+} and
 * {@code N-} from the headers 先手/下手 and 後手/上手; one {@code $KEY:value} line per header that has a CSA
 * key (see {@link Headers#CSA_TO_KIF}; 持ち時間 becomes {@code $TIME_LIMIT} when it reads like {@code 00:25+00}
 * and {@code $TIME} when it reads like {@code 600+10+0}; keys already in CSA form, such as those kept verbatim
 * by {@link CsaReader}, are written as they are); the start position, as {@code PI…} for a registry handicap
 * that has a {@code PI} form and as the rows {@code P1}–{@code P9} with {@code P+}/{@code P-} hand lines
 * otherwise (歩三兵, custom positions); the side to move; the start comments; then each move with its time
 * ({@code ,T12}, or {@code ,T12.345} in V3.0 when the time has milliseconds), comments ({@code '}) and engine
 * comments ({@code '*}); and the special ending.
 *
 * <p>開始日時 and 終了日時 are written in CSA's date form ({@link RecordDate#csa()}: {@code 2008/02/18(月) 11:04:26}
 * becomes {@code $END_TIME:2008/02/18 11:04:26}; an empty one is left out). CSA's dates name no zone, so a time
 * with an offset other than Japan's is converted to Japan time and listed ({@code 2017-03-22T01:00:00.000Z} is
 * written as {@code 2017/03/22 10:00:00}). What CSA cannot hold is left out and listed in
 * {@link WriteResult#dropped()}: variations, headers without a CSA form (表題, 作者…), a date it cannot read
 * as one ({@link RecordDate#parse}), specials without a CSA spelling (不戦勝, 不戦敗, 封じ手), the move number of
 * a start after moves (KIF's {@code 手数＝N}), and in V2.2 the sub-second part of times. 反則勝ち is written as the equivalent {@code %+ILLEGAL_ACTION} or
 * {@code %-ILLEGAL_ACTION}, and in V2.2, which lacks {@code %MAX_MOVES}, a move-limit draw is written as
 * {@code %HIKIWAKE} (and listed). Total times are not written: CSA records only the time of each move.
 *
 * {@snippet :
 * WriteResult w = CsaWriter.write(kifu, CsaVersion.V3_0);
 * String text = w.text();          // "'CSA encoding=UTF-8\nV3.0\n…"
 * List<String> lost = w.dropped(); // e.g. ["2 variations dropped"]
 * }
 */
public final class CsaWriter {
    private CsaWriter() {}

    private static final Pattern TIME_LIMIT_V2 = Pattern.compile("[0-9]+:[0-9]{2}\\+[0-9]+");
    private static final Pattern TIME_V3 = Pattern.compile("[0-9]+(\\.[0-9]+)?\\+[0-9]+(\\.[0-9]+)?\\+[0-9]+(\\.[0-9]+)?");
    private static final Pattern CSA_KEY = Pattern.compile("[A-Z0-9_+\\-]+");
    /**
     * Writes CSA V2.2.
     *
     * @param kifu the record
     * @return the text and what was left out
     * @throws KifuException if the record's start position or a main-line move is not legal
     */
    public static WriteResult write(Kifu kifu) {
        return write(kifu, CsaVersion.V2_2);
    }

    /**
     * Writes CSA in the given version, for a UTF-8 file.
     *
     * @param kifu the record
     * @param version {@link CsaVersion#V2_2} or {@link CsaVersion#V3_0}
     * @return the text and what was left out
     * @throws KifuException if the record's start position or a main-line move is not legal
     */
    public static WriteResult write(Kifu kifu, CsaVersion version) {
        return write(kifu, version, StandardCharsets.UTF_8);
    }

    /**
     * Writes CSA in the given version, declaring the encoding the text will be saved in: V3.0 starts with
     * {@code 'CSA encoding=UTF-8} or {@code 'CSA encoding=SHIFT_JIS}; V2.2 declares only Shift_JIS, with the
     * line {@code 'encoding=Shift_JIS} that Kifu for Windows writes (UTF-8 needs no declaration there). The
     * text is a Java string either way; {@code dev.meijin.notation.encoding.TextEncoder} makes the bytes. For
     * Shift_JIS, characters it cannot hold are replaced by {@code ?} and listed in {@link WriteResult#dropped()},
     * so that the text always encodes.
     *
     * {@snippet :
     * String text = CsaWriter.write(kifu, CsaVersion.V2_2, TextDecoder.SHIFT_JIS).text(); // "'encoding=Shift_JIS\nV2.2\n…"
     * }
     *
     * @param kifu the record
     * @param version {@link CsaVersion#V2_2} or {@link CsaVersion#V3_0}
     * @param charset UTF-8, or Shift_JIS ({@code Shift_JIS} or its Windows form {@code windows-31j})
     * @return the text and what was left out
     * @throws IllegalArgumentException if the charset is neither UTF-8 nor Shift_JIS
     * @throws KifuException if the record's start position or a main-line move is not legal
     */
    public static WriteResult write(Kifu kifu, CsaVersion version, Charset charset) {
        boolean utf8 = charset.equals(StandardCharsets.UTF_8);
        if (!utf8 && !charset.name().equals("Shift_JIS") && !charset.name().equals("windows-31j")) {
            throw new IllegalArgumentException("CSA records are UTF-8 or Shift_JIS, not " + charset.name());
        }
        StringBuilder sb = new StringBuilder(256 + kifu.moves().size() * 16);
        Set<String> dropped = new LinkedHashSet<>();
        boolean v3 = version == CsaVersion.V3_0;
        if (v3) {
            sb.append("'CSA encoding=").append(utf8 ? "UTF-8" : "SHIFT_JIS").append('\n');
        } else if (!utf8) {
            sb.append("'encoding=Shift_JIS\n");
        }
        sb.append(version.line()).append('\n');
        writeHeaders(kifu.headers(), sb, dropped);
        writePosition(kifu.start().setup(), kifu.start().handicap(), sb);
        if (kifu.start().setup().moveNumber() > 1) {
            dropped.add("the start's move number (" + (kifu.start().setup().moveNumber() - 1) + " moves were played before it)");
        }
        for (String c : kifu.startComments()) {
            comment("'", c, sb);
        }
        writeMoves(kifu, v3, sb, dropped);
        int forks = countForks(kifu.moves());
        if (forks > 0) {
            dropped.add(forks + (forks == 1 ? " variation" : " variations") + " dropped");
        }
        String text = sb.toString();
        if (!utf8 && !TextEncoder.canEncode(text, charset)) {
            // The text declares Shift_JIS, so it must encode in it: replace what cannot, as the KIF writer does.
            Set<String> bad = new LinkedHashSet<>();
            for (int i = 0; i < text.length() && bad.size() < 5; ) {
                String c = new String(Character.toChars(text.codePointAt(i)));
                if (!TextEncoder.canEncode(c, charset)) {
                    bad.add(c);
                }
                i += c.length();
            }
            text = TextEncoder.replaceUnencodable(text, charset, "?");
            dropped.add("characters Shift_JIS cannot hold were replaced by '?' (" + String.join(" ", bad) + ")");
        }
        // CSA holds no variations: only the main line and the text's size count.
        return new WriteResult(text, new ArrayList<>(dropped), Limits.beyond(kifu.withMoves(mainLineOnly(kifu)), text, true, 0));
    }

    private static void writeHeaders(List<Header> headers, StringBuilder sb, Set<String> dropped) {
        String sente = null;
        String gote = null;
        List<String> info = new ArrayList<>();
        for (Header h : headers) {
            String key = h.key();
            String value = oneLine(h.value());
            switch (key) {
                case Headers.SENTE, Headers.SHITATE -> {
                    if (sente == null) {
                        sente = value;
                    } else if (!sente.equals(value)) {
                        dropped.add("header " + key + " (a second sente name)");
                    }
                }
                case Headers.GOTE, Headers.UWATE -> {
                    if (gote == null) {
                        gote = value;
                    } else if (!gote.equals(value)) {
                        dropped.add("header " + key + " (a second gote name)");
                    }
                }
                case Headers.HANDICAP -> {
                    // The start position says it.
                }
                case Headers.START_TIME, Headers.END_TIME -> {
                    Optional<RecordDate> date = RecordDate.parse(value);
                    if (value.isBlank()) {
                        // An empty date (servers write $END_TIME: before the game ends) says nothing to keep.
                    } else if (date.isPresent()) {
                        String csa = date.get().csa();
                        info.add("$" + (key.equals(Headers.START_TIME) ? "START_TIME" : "END_TIME") + ":" + csa);
                        if (date.get().offset().filter(o -> !o.equals(RecordDate.JAPAN)).isPresent()) {
                            dropped.add("header " + key + " (\"" + Limits.excerpt(value.strip()) + "\" written in Japan time as "
                                    + csa + ": CSA dates have no zone)");
                        }
                    } else {
                        dropped.add("header " + key + " (\"" + Limits.excerpt(value.strip()) + "\" is not a date CSA can hold)");
                    }
                }
                case Headers.TIME_LIMIT -> {
                    if (TIME_LIMIT_V2.matcher(value.strip()).matches()) {
                        info.add("$TIME_LIMIT:" + value);
                    } else if (TIME_V3.matcher(value.strip()).matches()) {
                        info.add("$TIME:" + value);
                    } else {
                        dropped.add("header " + key + " (\"" + value + "\" is not a CSA time control)");
                    }
                }
                default -> {
                    Optional<String> csa = csaKey(key);
                    if (csa.isPresent()) {
                        info.add("$" + csa.get() + ":" + value);
                    } else {
                        dropped.add("header " + key);
                    }
                }
            }
        }
        if (sente != null) {
            sb.append("N+").append(sente).append('\n');
        }
        if (gote != null) {
            sb.append("N-").append(gote).append('\n');
        }
        for (String line : info) {
            sb.append(line).append('\n');
        }
    }

    private static Optional<String> csaKey(String kifKey) {
        for (Map.Entry<String, String> e : Headers.CSA_TO_KIF.entrySet()) {
            if (e.getValue().equals(kifKey)) {
                return Optional.of(e.getKey());
            }
        }
        return CSA_KEY.matcher(kifKey).matches() ? Optional.of(kifKey) : Optional.empty();
    }

    private static void writePosition(Setup setup, Optional<Handicap> handicap, StringBuilder sb) {
        Optional<String> pi = handicap
                .filter(h -> Sfen.parse(h.sfen()).equals(setup.withMoveNumber(1)))
                .flatMap(Handicap::csaPi);
        if (pi.isPresent()) {
            sb.append(pi.get()).append('\n');
        } else {
            for (int rank = 1; rank <= 9; rank++) {
                sb.append('P').append(rank);
                for (int file = 9; file >= 1; file--) {
                    int p = setup.piece(Square.of(file, rank));
                    if (p == Piece.NONE) {
                        sb.append(" * ");
                    } else {
                        sb.append(Piece.color(p) == 0 ? '+' : '-').append(Piece.roleOf(p).csa());
                    }
                }
                sb.append('\n');
            }
            for (Color c : Color.values()) {
                StringBuilder hand = new StringBuilder();
                for (Role r : Role.HAND_ORDER) {
                    for (int i = setup.handCount(c, r); i > 0; i--) {
                        hand.append("00").append(r.csa());
                    }
                }
                if (!hand.isEmpty()) {
                    sb.append('P').append(c.csaSign()).append(hand).append('\n');
                }
            }
        }
        sb.append(setup.turn().csaSign()).append('\n');
    }

    /** The main line's steps without their variations. */
    private static List<Step> mainLineOnly(Kifu kifu) {
        List<Step> out = new ArrayList<>(kifu.moves().size());
        for (Step s : kifu.moves()) {
            out.add(s.withForks(List.of()));
        }
        return out;
    }

    private static void writeMoves(Kifu kifu, boolean v3, StringBuilder sb, Set<String> dropped) {
        Position pos = kifu.startPosition().orElse(null);
        if (pos == null && kifu.hasMoves()) {
            throw KifuException.illegalStart(kifu);
        }
        int ply = 0;
        for (Step s : kifu.moves()) {
            if (s.isMove()) {
                ply++;
                if (!pos.isLegal(s.move())) {
                    throw KifuException.illegalMove(ply, pos, s.move());
                }
                sb.append(CsaNotation.format(pos, s.move()));
                pos.doMove(s.move());
            } else {
                Special sp = s.special().orElseThrow();
                Optional<String> text = csaSpecial(sp, pos == null ? kifu.sideToMoveAtEnd() : pos.turn(), v3, dropped);
                if (text.isEmpty()) {
                    dropped.add("special " + sp.japanese() + " (CSA has no spelling for it)");
                    break;
                }
                sb.append(text.get());
            }
            s.time().ifPresent(t -> sb.append(",T").append(time(t, v3, dropped)));
            sb.append('\n');
            for (String c : s.comments()) {
                comment("'", c, sb);
            }
            for (String c : s.engineComments()) {
                comment("'*", c, sb);
            }
            if (!s.isMove()) {
                break;
            }
        }
    }

    private static Optional<String> csaSpecial(Special sp, Color toMove, boolean v3, Set<String> dropped) {
        return switch (sp) {
            case MAX_MOVES -> {
                if (v3) {
                    yield sp.csa();
                }
                dropped.add("%MAX_MOVES written as %HIKIWAKE (CSA V2.2 has no %MAX_MOVES)");
                yield Optional.of("%HIKIWAKE");
            }
            default -> sp.csa(toMove);
        };
    }

    private static String time(Duration t, boolean v3, Set<String> dropped) {
        long secs = t.getSeconds();
        int nanos = t.getNano();
        if (nanos == 0) {
            return Long.toString(secs);
        }
        if (!v3) {
            dropped.add("the sub-second part of times (CSA V2.2 records whole seconds)");
            return Long.toString(secs);
        }
        int millis = nanos / 1_000_000;
        return secs + "." + (millis < 10 ? "00" : millis < 100 ? "0" : "") + millis;
    }

    private static void comment(String mark, String text, StringBuilder sb) {
        for (String line : text.split("\r\n|\r|\n", -1)) {
            sb.append(mark).append(line).append('\n');
        }
    }

    private static String oneLine(String s) {
        return s.replace("\r\n", " ").replace('\r', ' ').replace('\n', ' ');
    }

    private static int countForks(List<Step> line) {
        int n = 0;
        for (Step s : line) {
            for (List<Step> f : s.forks()) {
                n += 1 + countForks(f);
            }
        }
        return n;
    }
}
