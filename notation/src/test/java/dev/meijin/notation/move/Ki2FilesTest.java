package dev.meijin.notation.move;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Move;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.testdata.TestData;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The main line of every KI2 file of the test data, read move by move from its start position (the even
 * start, a 手合割 handicap, or the board diagram the file gives): every move must be legal and must be
 * written back as the file wrote it, up to spelling (竜/龍, 王/玉, 行/上, 全/成銀, 圭/成桂, 杏/成香, 生/不成,
 * ☗☖▼▽ for ▲△, and the space some writers put after 同).
 *
 * <p>Two differences are allowed, counted and explained by the writers' habits; any other difference fails:
 * <ul>
 *   <li>a file may write 打 on a drop that the rules let go without it (mog-core-scala copies KIF's habit of
 *       marking every drop);
 *   <li>a file may write markers for a move that needs none because the only other piece of the kind that
 *       could reach the square is pinned (shogi-kifu-converter counts pieces by how they move, Meijin by the
 *       legal moves, as the rules' "can move there" says).
 * </ul>
 *
 * <p>{@code 9fu.ki2} starts from a problem position with nine pawns on one file, which is not a legal
 * position, so it is checked to be rejected instead.
 *
 * <p>This reader is just enough for the test; the record readers live in the {@code ki2} package.
 */
class Ki2FilesTest {
    private static final Pattern MOVE = Pattern.compile("[▲△☗☖▼▽][^▲△☗☖▼▽\\s]+");
    private static final Map<String, String> ENCODING = encodings();

    private static final String ILLEGAL_START = "ki2/json-kifu-format/9fu.ki2";

    static List<String> files() {
        return TestData.list("ki2").stream().filter(p -> !p.equals(ILLEGAL_START)).toList();
    }

    @ParameterizedTest
    @MethodSource("files")
    void everyMainLineMoveIsReadAndWrittenBack(String path) {
        Ki2 file = read(path);
        Position pos = Sfen.tsume(file.sfen);
        int extraUchi = 0, pinnedRival = 0;
        for (int i = 0; i < file.moves.size(); i++) {
            String token = file.moves.get(i);
            int m = JapaneseNotation.parse(pos, token);
            String written = JapaneseNotation.formatKi2(pos, m);
            String expected = normalise(token), actual = normalise(written);
            if (!expected.equals(actual) && Move.isDrop(m) && expected.equals(actual + "打")) {
                extraUchi++;
            } else if (!expected.equals(actual) && JapaneseNotation.markers(new Legal(pos), m).isEmpty()
                    && pinnedRival(pos, m)) {
                pinnedRival++;
            } else {
                assertThat(actual).as("%s move %d %s in %s", path, i + 1, token, Sfen.format(pos)).isEqualTo(expected);
            }
            pos.doMove(m);
        }
        assertThat(file.moves).as(path).isNotEmpty();
        if (extraUchi > 0) {
            assertThat(path).as("%d drops with an unneeded 打", extraUchi).contains("mog-core-scala");
        }
        if (pinnedRival > 0) {
            assertThat(path).as("%d markers for a pinned rival", pinnedRival).contains("shogi-kifu-converter/simple");
        }
    }

    @Test
    void aStartWithNinePawnsOnAFileIsRejected() {
        Ki2 file = read(ILLEGAL_START);
        assertThat(file.board).isTrue();
        assertThatThrownBy(() -> Sfen.tsume(file.sfen)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("9 unpromoted pawns on file 2 (nifu)");
    }

    /** Whether another piece of the moving kind attacks the destination but cannot legally go there (a pin). */
    private static boolean pinnedRival(Position pos, int m) {
        int piece = Move.piece(m), to = Move.to(m);
        for (int sq = 0; sq < 81; sq++) {
            if (sq != Move.from(m) && pos.pieceAt(sq) == piece && pos.attacksFrom(piece, sq).contains(to)
                    && !pos.isLegal(Move.normal(sq, to, piece)) && !pos.isLegal(Move.promoting(sq, to, piece))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void theCorpusIsCovered() {
        int moves = 0, boards = 0, handicaps = 0;
        for (String path : files()) {
            Ki2 f = read(path);
            moves += f.moves.size();
            boards += f.board ? 1 : 0;
            handicaps += f.handicap ? 1 : 0;
        }
        assertThat(files()).hasSize(22);
        assertThat(boards).isEqualTo(1);
        assertThat(handicaps).isEqualTo(5);
        assertThat(moves).isEqualTo(1_025);
    }

    /** A KI2 file's start position and main-line move tokens. */
    private record Ki2(String sfen, List<String> moves, boolean board, boolean handicap) {}

    private static Ki2 read(String path) {
        String enc = ENCODING.getOrDefault(path, "");
        Charset cs = enc.startsWith("Shift_JIS") ? Charset.forName("windows-31j") : StandardCharsets.UTF_8;
        String text = TestData.text(path, cs);
        String sfen = Sfen.STARTPOS;
        boolean handicap = false;
        List<String> rows = new ArrayList<>();
        String[] hands = {"", ""};
        char turn = 'b';
        List<String> moves = new ArrayList<>();
        for (String raw : text.split("\r?\n")) {
            String line = raw.strip();
            if (line.startsWith("変化") || line.startsWith("まで")) {
                break;
            } else if (line.startsWith("手合割：")) {
                String name = line.substring(4).strip();
                var h = Handicap.byJapanese(name);
                if (h.isPresent()) {
                    sfen = h.get().sfen();
                    handicap = h.get().isHandicap();
                }
            } else if (line.startsWith("|")) {
                rows.add(line);
            } else if (line.startsWith("先手の持駒：") || line.startsWith("下手の持駒：")) {
                hands[0] = line.substring(6);
            } else if (line.startsWith("後手の持駒：") || line.startsWith("上手の持駒：")) {
                hands[1] = line.substring(6);
            } else if (line.equals("後手番") || line.equals("上手番")) {
                turn = 'w';
            } else if (!line.isEmpty() && "▲△☗☖▼▽".indexOf(line.charAt(0)) >= 0) {
                Matcher mm = MOVE.matcher(line);
                while (mm.find()) {
                    moves.add(mm.group());
                }
            }
        }
        boolean board = !rows.isEmpty();
        if (board) {
            sfen = boardSfen(rows) + " " + turn + " " + handSfen(hands) + " 1";
        }
        return new Ki2(sfen, moves, board, handicap);
    }

    private static String boardSfen(List<String> rows) {
        assertThat(rows).hasSize(9);
        StringBuilder sb = new StringBuilder();
        for (String row : rows) {
            String cells = row.substring(1, row.indexOf('|', 1));
            int empty = 0;
            for (int c = 0; c < 9; c++) {
                char side = cells.charAt(2 * c), piece = cells.charAt(2 * c + 1);
                if (piece == '・') {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                String letter = letter(piece);
                sb.append(side == 'v' ? letter.toLowerCase(java.util.Locale.ROOT) : letter);
            }
            if (empty > 0) {
                sb.append(empty);
            }
            sb.append('/');
        }
        return sb.substring(0, sb.length() - 1);
    }

    private static String handSfen(String[] hands) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < 2; c++) {
            for (String item : hands[c].split("[\\s　]+")) {
                if (item.isEmpty() || item.equals("なし")) {
                    continue;
                }
                int n = item.length() == 1 ? 1 : kanjiNumber(item.substring(1));
                String letter = letter(item.charAt(0));
                sb.append(n > 1 ? String.valueOf(n) : "").append(c == 0 ? letter : letter.toLowerCase(java.util.Locale.ROOT));
            }
        }
        return sb.isEmpty() ? "-" : sb.toString();
    }

    private static int kanjiNumber(String s) {
        String digits = "一二三四五六七八九";
        if (s.startsWith("十")) {
            return 10 + (s.length() > 1 ? digits.indexOf(s.charAt(1)) + 1 : 0);
        }
        return digits.indexOf(s.charAt(0)) + 1;
    }

    private static String letter(char kanji) {
        return switch (kanji) {
            case '歩' -> "P";
            case '香' -> "L";
            case '桂' -> "N";
            case '銀' -> "S";
            case '金' -> "G";
            case '角' -> "B";
            case '飛' -> "R";
            case '玉', '王' -> "K";
            case 'と' -> "+P";
            case '杏' -> "+L";
            case '圭' -> "+N";
            case '全' -> "+S";
            case '馬' -> "+B";
            case '龍', '竜' -> "+R";
            default -> throw new IllegalArgumentException("not a piece in a board diagram: " + kanji);
        };
    }

    /** One spelling for the variants every reader accepts. */
    static String normalise(String move) {
        return move.replace('☗', '▲').replace('▼', '▲').replace('☖', '△').replace('▽', '△')
                .replace("　", "").replace(" ", "")
                .replace('竜', '龍').replace('王', '玉').replace('行', '上').replace("生", "不成")
                .replace("全", "成銀").replace("圭", "成桂").replace("杏", "成香");
    }

    private static Map<String, String> encodings() {
        Map<String, String> out = new HashMap<>();
        for (String[] row : TestData.tsv("MANIFEST.tsv")) {
            out.put(row[0], row[2]);
        }
        return out;
    }
}
