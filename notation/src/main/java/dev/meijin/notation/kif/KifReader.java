package dev.meijin.notation.kif;

import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;

/**
 * Reads KIF (Kakinoki) records, leniently: every problem is reported with its line (and column and ply
 * where they apply), never thrown. {@link ReadResult#orThrow()} makes reading strict.
 *
 * <p>What is read:
 *
 * <ul>
 *   <li>headers {@code key：value} (an ASCII colon is accepted too), in file order; {@code 手合割} is not kept
 *       as a header but sets the start: any name of the handicap registry, leniently spelled, or
 *       {@code その他} / {@code 詰将棋} for a start given by the board diagram;
 *   <li>a board diagram ({@link BoardDiagram}), which overrides 手合割 when both are present; its
 *       {@code 先手番}/{@code 後手番} line gives the side to move (without one, gote moves first in a handicap
 *       and sente otherwise), and {@code 手数＝N} the number of moves before it, so that moves are numbered
 *       from N+1;
 *   <li>move lines {@code   1 ７六歩(77)   ( 0:01/00:00:01)}: the move in KIF style, read by
 *       {@link dev.meijin.notation.move.JapaneseNotation} (so {@code 同　歩}, {@code 同歩}, {@code 打}, {@code 成},
 *       {@code 不成}, {@code 生}, {@code 行}, {@code 全}/{@code 圭}/{@code 杏} all work), then the time spent and the
 *       total, {@code m:ss} and {@code h:mm:ss} (a total without hours, {@code mm:ss}, and a missing total are
 *       accepted), then an optional {@code +} that some tools add; a second time group is ignored;
 *   <li>special moves in move lines: 投了, 中断, 千日手, 持将棋, 詰み, 不詰, 切れ負け (and 81Dojo's
 *       {@code Time-up}), 反則負け, 反則勝ち, 入玉勝ち, 不戦勝, 不戦敗, 封じ手, 引き分け, 最大手数, 待った; a special
 *       ends its line, and a second special right after it (some programs write 投了 then 中断) is ignored;
 *   <li>{@code *} comments (on the start before the first move, otherwise on the move or special just read),
 *       {@code **} engine comments (on a move: {@link dev.meijin.notation.kifu.Step#engineComments()}; on the
 *       start: a start comment that begins with {@code *}), and {@code &} bookmarks, kept as comments that
 *       begin with {@code &} (the writer writes them back as {@code &} lines);
 *   <li>variations {@code 変化：N手}: the variation replaces move N of the most recently read line that has a
 *       move N (a variation of a variation's own first move is a sibling, as Kakinoki writes them); they
 *       nest, and their first move may be 同;
 *   <li>ignored without complaint: the {@code 手数----指手--} line, {@code #} lines, blank lines, the
 *       {@code まで99手で先手の勝ち} summary (the special move line is what counts), {@code 盤面回転};
 *       CRLF, LF and CR line ends.
 * </ul>
 *
 * <p>The main line stops at the first move that cannot be read or is illegal; the headers and every move
 * before it are kept, and the problem names the move number. A variation with such a move is kept up to it.
 * When the step right after an illegal move is an ending that says its mover lost by it (反則勝ち of the other
 * side), that ending is kept in the move's place as the mover's 反則負け
 * ({@link dev.meijin.notation.kifu.Special#afterIllegalMove}),
 * with the comments after it, as every reader keeps it.
 * Input is bounded: at most {@value #MAX_LINES} lines of {@value #MAX_LINE_LENGTH}
 * characters, variations nested at most {@value #MAX_DEPTH} deep, at most {@value #MAX_PROBLEMS} problems,
 * and a bounded amount of replaying for variations that jump back and forth along long lines; beyond that
 * the reader skips or stops, with a problem.
 *
 * {@snippet :
 * ReadResult r = KifReader.read(text);
 * for (Problem p : r.problems()) {
 *     System.err.println(p); // "line 12, ply 5: illegal Japanese move "５五角(88)" in …"
 * }
 * Kifu kifu = r.kifu();
 * }
 */
public final class KifReader {
    private KifReader() {}

    /** Input longer than this many characters is cut, with a problem ({@link Limits#MAX_CHARS}). */
    public static final int MAX_CHARS = Limits.MAX_CHARS;
    /** Lines after this many are not read, with a problem ({@link Limits#MAX_LINES}). */
    public static final int MAX_LINES = Limits.MAX_LINES;
    /** Longer lines are skipped, with a problem ({@link Limits#MAX_LINE_LENGTH}). */
    public static final int MAX_LINE_LENGTH = Limits.MAX_LINE_LENGTH;
    /** Variations nested deeper than this are skipped, with a problem; it bounds every recursion over the tree. */
    public static final int MAX_DEPTH = 200;
    /** Move numbers above this are rejected ({@link Limits#MAX_PLY}). */
    public static final int MAX_PLY = Limits.MAX_PLY;
    /** Reading stops after this many problems. */
    public static final int MAX_PROBLEMS = 1_000;

    /**
     * Reads a KIF record.
     *
     * @param text the record (decode bytes with {@link TextDecoder} first)
     * @return the record as far as it could be read, and every problem found
     */
    public static ReadResult read(String text) {
        return read(text, Dialect.KIF);
    }

    /**
     * Reads a record of the Kakinoki family.
     *
     * @param text the record
     * @param dialect how {@code まで…} lines are treated (see {@link Dialect})
     * @return the record as far as it could be read, and every problem found
     */
    public static ReadResult read(String text, Dialect dialect) {
        return new KifParser(dialect).parse(text == null ? "" : text);
    }

    /**
     * Decodes and reads a KIF file: the encoding is guessed by {@link TextDecoder#decode(byte[])}, and any
     * malformed bytes are reported before the record's own problems.
     *
     * @param bytes the file's bytes
     * @return the record and every problem found
     */
    public static ReadResult read(byte[] bytes) {
        return TextDecoder.decode(bytes).read(KifReader::read);
    }
}
