package dev.meijin.notation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Bitboard;
import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every record of the corpus written in every format and read back, and the KIF and KI2 move lines read once
 * more by the rules other shogi programs use for a move line, so that a record Meijin writes opens in them.
 *
 * <p>The rules are written down here, in this test's own words, from the grammars of three readers:
 *
 * <ul>
 *   <li><b>tsshogi</b> (the library behind the ShogiHome GUI), KIF: a line that starts with a number and a
 *       space is a move line. It is a move if it reads: spaces, the number, spaces, an optional side mark, the
 *       destination (a full-width file and a kanji rank) or 同 followed by ideographic spaces, the piece (王 玉
 *       飛 龍 竜 角 馬 金 銀 成銀 全 桂 成桂 圭 香 成香 杏 歩 と), ideographic spaces, an optional 成, then 打 or the
 *       origin as two ASCII digits in parentheses. Anything else after the number is taken as a special whose
 *       name is the next word, so {@code ４二銀不成(31)} silently ends the game there.
 *   <li><b>tsshogi</b>, KI2: every space is removed and the text is cut before each side mark; each piece
 *       reads an optional mark, the destination (two digits, full-width, ASCII or kanji) or 同, the piece, an
 *       optional 左 直 右, an optional 引 寄 上, an optional 成 不成 打. The moving piece is then found among
 *       the pieces of that kind that <em>reach</em> the square by their movement, pins ignored, filtered by
 *       the markers; exactly one must remain, or none with the piece in hand, which is a drop.
 *   <li><b>Kifu for JS</b>, KIF: spaces, the number, spaces, the destination or 同 and exactly one ideographic
 *       space, an optional 成 and the piece (歩 香 桂 銀 金 角 飛 王 玉 と 杏 圭 全 馬 竜 龍), an optional 成, 打
 *       or the origin in parentheses, spaces, an optional time {@code (m:ss/h:mm:ss)}, an optional {@code +}.
 *       There is no 不成 in this grammar.
 *   <li><b>Kifu for JS</b>, KI2: ▲ or △, the destination or 同 with an optional ideographic space, an
 *       optional 成 and the piece (歩 香 桂 銀 金 角 飛 玉 と 馬 龍: no 王, 竜, 全, 圭 or 杏), an optional 左 直
 *       右, an optional 上 寄 引, an optional 成 or 不成, an optional 打; moves are separated by spaces or line
 *       ends.
 *   <li><b>shogi-kifu-converter</b>, KIF: spaces, the number, spaces, then either a special it knows (投了 中断
 *       千日手 切れ負け 反則負け 持将棋 入玉勝ち 詰み) or the destination (or 同 with an optional ideographic
 *       space), the piece (its table includes 王 竜 全 圭 杏 and 成香 成桂 成銀), an optional 成, then 打 or the
 *       origin in parentheses.
 * </ul>
 */
class InteropTest {

    private static final String PIECES_TSSHOGI = "(王|玉|飛|龍|竜|角|馬|金|銀|成銀|全|桂|成桂|圭|香|成香|杏|歩|と)";

    /** tsshogi: a KIF move line with a regular move. */
    static final Pattern TSSHOGI_KIF_MOVE = Pattern.compile(
            "^ *([0-9]+) +[▲△▼▽]?([１２３４５６７８９][一二三四五六七八九]|同\u3000*)" + PIECES_TSSHOGI
                    + "\u3000*(成?)(打|\\([1-9][1-9]\\)) *(.*)$");

    /** tsshogi: a KIF special move line (the word after the number). */
    static final Pattern TSSHOGI_KIF_SPECIAL = Pattern.compile("^ *([0-9]+) +([^ \u3000]+) *(.*)$");

    /** tsshogi: one KI2 move, after spaces are removed and the text is cut before each mark. */
    static final Pattern TSSHOGI_KI2_MOVE = Pattern.compile(
            "^[▲△▼▽☗☖]?([１２３４５６７８９一二三四五六七八九1-9]{2}|同)" + PIECES_TSSHOGI
                    + "(左|直|右|)(引|寄|上|)(成|不成|打|)(\\([1-9][1-9]\\)|)");

    /** Kifu for JS: a KIF move line (a regular move, with its optional time and a trailing +). */
    static final Pattern KIFU_FOR_JS_KIF_MOVE = Pattern.compile(
            "^ *[0-9]+ *(?:[１２３４５６７８９][一二三四五六七八九]|同\u3000)成?[歩香桂銀金角飛王玉と杏圭全馬竜龍]成?"
                    + "(?:打|\\([1-9][1-9]\\)) *(?:\\( *[0-9]+:[0-9]+/[0-9]+:[0-9]+:[0-9]+\\))?\\+?$");

    /** Kifu for JS: a KIF special line (any word without a space, an optional time, an optional +). */
    static final Pattern KIFU_FOR_JS_KIF_SPECIAL = Pattern.compile(
            "^ *[0-9]+ *[^ ]* *(?:\\( *[0-9]+:[0-9]+/[0-9]+:[0-9]+:[0-9]+\\))?\\+?$");

    /** Kifu for JS: a KI2 line of moves, each a mark and a move, separated by nothing or ASCII spaces. */
    static final Pattern KIFU_FOR_JS_KI2_LINE = Pattern.compile(
            "^(?:[▲△](?:[１２３４５６７８９][一二三四五六七八九]|同\u3000?)成?[歩香桂銀金角飛玉と馬龍][左直右]?[上寄引]?(?:成|不成)?打? *)+$");

    /** shogi-kifu-converter: a KIF move line, regular move or one of the specials it knows. */
    static final Pattern SHOGI_KIFU_CONVERTER_KIF = Pattern.compile(
            "^ *[0-9]+ *(?:投了|中断|千日手|切れ負け|反則負け|持将棋|入玉勝ち|詰み|"
                    + "(?:同\u3000?|[１２３４５６７８９][一二三四五六七八九])(?:歩|香|桂|銀|金|角|飛|玉|王|と|杏|成香|圭|成桂|全|成銀|馬|龍|竜)"
                    + "(?:成|不成)?(?:打|\\([0-9]+\\))).*$");

    private static final String FULL_DIGITS = "０１２３４５６７８９";
    private static final String KANJI_DIGITS = "〇一二三四五六七八九";

    private static final Map<String, Role> ROLES = Map.ofEntries(
            Map.entry("歩", Role.PAWN), Map.entry("香", Role.LANCE), Map.entry("桂", Role.KNIGHT),
            Map.entry("銀", Role.SILVER), Map.entry("金", Role.GOLD), Map.entry("角", Role.BISHOP),
            Map.entry("飛", Role.ROOK), Map.entry("玉", Role.KING), Map.entry("王", Role.KING),
            Map.entry("と", Role.TOKIN), Map.entry("成香", Role.PRO_LANCE), Map.entry("杏", Role.PRO_LANCE),
            Map.entry("成桂", Role.PRO_KNIGHT), Map.entry("圭", Role.PRO_KNIGHT), Map.entry("成銀", Role.PRO_SILVER),
            Map.entry("全", Role.PRO_SILVER), Map.entry("馬", Role.HORSE), Map.entry("龍", Role.DRAGON),
            Map.entry("竜", Role.DRAGON));

    static List<String> records() {
        return CorpusTest.records().toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void everyFormatReadsBackTheMainLine(String path) {
        Kifu k = CorpusTest.read(path).kifu();
        for (Format f : List.of(Format.KIF, Format.KI2, Format.CSA, Format.JKF)) {
            String text = Formats.write(k, f, WriteOptions.UTF8).text();
            ReadResult back = Formats.of(f).orElseThrow().read(text);
            assertThat(back.problems()).as("%s as %s", path, f).isEmpty();
            assertThat(back.kifu().mainLine()).as("%s as %s", path, f).isEqualTo(k.mainLine());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void kifMoveLinesFollowTheOtherReadersRules(String path) {
        Kifu k = CorpusTest.read(path).kifu();
        String text = Formats.write(k, Format.KIF, WriteOptions.UTF8).text();
        List<String> main = new ArrayList<>();
        boolean inMain = true;
        for (String line : text.split("\n")) {
            if (line.startsWith("変化：")) {
                inMain = false;
            }
            if (!line.matches("^ *[0-9]+ .*")) {
                continue;
            }
            if (TSSHOGI_KIF_MOVE.matcher(line).matches() || !line.matches("^ *[0-9]+ +[▲△▼▽]?(?:[１-９]|同).*")) {
                // A regular move, or a special word: both readers must take it as such.
                boolean regular = TSSHOGI_KIF_MOVE.matcher(line).matches();
                assertThat(regular ? KIFU_FOR_JS_KIF_MOVE.matcher(line).matches() : KIFU_FOR_JS_KIF_SPECIAL.matcher(line).matches())
                        .as("Kifu for JS reads %s line %s of %s", regular ? "move" : "special", line, path).isTrue();
                if (regular) {
                    assertThat(SHOGI_KIFU_CONVERTER_KIF.matcher(line).matches())
                            .as("shogi-kifu-converter reads move line %s of %s", line, path).isTrue();
                }
            } else {
                assertThat(line).as("tsshogi reads a regular move in %s", path).matches(TSSHOGI_KIF_MOVE);
            }
            if (inMain) {
                main.add(line);
            }
        }
        // The main line read as tsshogi reads it gives the record's own moves.
        Position pos = k.startPosition().orElseThrow();
        List<Step> steps = k.moves();
        assertThat(main).as(path).hasSize(steps.size());
        int last = -1;
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            if (!s.isMove()) {
                assertThat(TSSHOGI_KIF_MOVE.matcher(main.get(i)).matches()).as(main.get(i)).isFalse();
                assertThat(TSSHOGI_KIF_SPECIAL.matcher(main.get(i)).matches()).as(main.get(i)).isTrue();
                continue;
            }
            Matcher m = TSSHOGI_KIF_MOVE.matcher(main.get(i));
            assertThat(m.matches()).as("%s: %s", path, main.get(i)).isTrue();
            int to = m.group(2).startsWith("同") ? last : square(m.group(2));
            Role role = ROLES.get(m.group(3));
            boolean promote = m.group(4).equals("成");
            int move = s.move();
            String what = path + ": " + main.get(i) + " for " + Move.usi(move);
            assertThat(to).as(what).isEqualTo(Move.to(move));
            if (m.group(5).equals("打")) {
                assertThat(Move.isDrop(move)).as(what).isTrue();
                assertThat(Move.dropRole(move)).as(what).isEqualTo(role.code());
            } else {
                int from = Square.of(m.group(5).charAt(1) - '0', m.group(5).charAt(2) - '0');
                assertThat(Move.isDrop(move)).as(what).isFalse();
                assertThat(from).as(what).isEqualTo(Move.from(move));
                assertThat(Piece.roleOf(pos.pieceAt(from))).as(what).isEqualTo(role);
                assertThat(promote).as(what).isEqualTo(Move.isPromotion(move));
            }
            pos.doMove(move);
            last = Move.to(move);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void ki2MovesFollowTheOtherReadersRules(String path) {
        Kifu k = CorpusTest.read(path).kifu();
        String text = Formats.write(k, Format.KI2, WriteOptions.UTF8).text();
        StringBuilder mainMoves = new StringBuilder();
        boolean inMain = true;
        for (String line : text.split("\n")) {
            if (line.startsWith("変化：")) {
                inMain = false;
            }
            if (!line.matches("^[ \u3000]*[▲△▼▽☗☖].*")) {
                continue;
            }
            assertThat(line).as("Kifu for JS reads the KI2 moves in %s", path).matches(KIFU_FOR_JS_KI2_LINE);
            if (inMain) {
                mainMoves.append(line);
            }
        }
        // tsshogi: spaces removed, the text cut before each mark, each piece resolved against the position.
        String clean = mainMoves.toString().replaceAll("[\\s\u3000]", "");
        List<String> sections = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= clean.length(); i++) {
            if (i == clean.length() || "▲△▼▽☗☖".indexOf(clean.charAt(i)) >= 0) {
                sections.add(clean.substring(start, i));
                start = i;
            }
        }
        List<Integer> moves = k.mainLine();
        assertThat(sections).as(path).hasSize(clean.isEmpty() ? 0 : moves.size());
        Position pos = k.startPosition().orElseThrow();
        int last = -1;
        for (int i = 0; i < sections.size(); i++) {
            int move = moves.get(i);
            String what = path + ": " + sections.get(i) + " for " + Move.usi(move) + " in " + dev.meijin.core.sfen.Sfen.format(pos);
            assertThat(tsshogiKi2(pos, sections.get(i), last)).as(what).isEqualTo(move);
            pos.doMove(move);
            last = Move.to(move);
        }
    }

    /**
     * The move tsshogi reads from one KI2 move, or {@link Move#NONE} when it cannot read it: the candidates
     * are the pieces of the kind that reach the square by their movement, pins ignored, filtered by the
     * markers.
     */
    static int tsshogiKi2(Position pos, String section, int lastTo) {
        Matcher m = TSSHOGI_KI2_MOVE.matcher(section);
        if (!m.lookingAt()) {
            return Move.NONE;
        }
        int to = m.group(1).equals("同") ? lastTo : square(m.group(1));
        if (to < 0) {
            return Move.NONE;
        }
        Role role = ROLES.get(m.group(2));
        String hor = m.group(3), ver = m.group(4), suffix = m.group(5);
        Color us = pos.turn();
        int piece = Piece.of(us.index(), role.code());
        if (suffix.equals("打")) {
            return Move.drop(role.code(), to, us.index());
        }
        Bitboard reach = pos.attackers(us, to);
        List<Integer> candidates = new ArrayList<>();
        boolean dragonOrHorse = role == Role.DRAGON || role == Role.HORSE;
        for (int sq = 0; sq < Square.COUNT; sq++) {
            if (!reach.contains(sq) || pos.pieceAt(sq) != piece) {
                continue;
            }
            int v = vertical(us, sq, to), h = horizontal(us, sq, to);
            if ((ver.equals("引") && v != -1) || (ver.equals("寄") && v != 0) || (ver.equals("上") && v != 1)
                    || (hor.equals("直") && (h != 0 || v != 1))) {
                continue;
            }
            // h > 0: the piece stands on the mover's right of the square; h < 0: on its left.
            if (dragonOrHorse ? (hor.equals("左") && h > 0) || (hor.equals("右") && h < 0)
                    : (hor.equals("左") && h >= 0) || (hor.equals("右") && h <= 0)) {
                continue;
            }
            candidates.add(sq);
        }
        if (candidates.size() == 2 && dragonOrHorse) {
            candidates.removeIf(sq -> horizontal(us, sq, to) == 0);
        }
        if (candidates.size() == 1) {
            int from = candidates.getFirst();
            return Move.normal(from, to, piece, suffix.equals("成"));
        }
        if (candidates.isEmpty() && pos.handCount(us, role) > 0) {
            return Move.drop(role.code(), to, us.index());
        }
        return Move.NONE;
    }

    /** 1 if the move goes forward as the mover sees it, -1 backward, 0 sideways. */
    private static int vertical(Color us, int from, int to) {
        int d = Square.relativeRank(us.index(), from) - Square.relativeRank(us.index(), to);
        return Integer.signum(d);
    }

    /** 1 if the piece stands to the mover's right of the square, -1 to its left, 0 on its file. */
    private static int horizontal(Color us, int from, int to) {
        int d = Square.file(to) - Square.file(from);
        return Integer.signum(us == Color.SENTE ? d : -d);
    }

    /** A square written as two digits, full-width, ASCII or kanji ({@code ７六}, {@code 76}, {@code 7六}). */
    private static int square(String twoDigits) {
        return Square.of(digit(twoDigits.charAt(0)), digit(twoDigits.charAt(1)));
    }

    private static int digit(char c) {
        int i = FULL_DIGITS.indexOf(c);
        if (i < 0) {
            i = KANJI_DIGITS.indexOf(c);
        }
        return i >= 0 ? i : c - '0';
    }
}
