package dev.meijin.notation.ki2;

import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kif.Dialect;
import dev.meijin.notation.kif.KifReader;
import dev.meijin.notation.kifu.ReadResult;

/**
 * Reads KI2 records, leniently (see {@link KifReader} for headers, board diagrams, comments, variations and
 * limits, which KI2 shares with KIF).
 *
 * <p>Move lines hold several moves, each starting with its side mark (▲ △, or ☗ ☖ ▼ ▽), separated by
 * spaces, ideographic spaces or nothing ({@code ▲６二金左上▲８六歩}). Each move is read by {@link
 * dev.meijin.notation.move.JapaneseNotation}: destination or 同 (with or without a space), piece, the JSA
 * markers 右 左 直 上 引 寄 (and 行 for 上), 打, 成, 不成 (and 生); a mark that does not match the side to move is
 * an error. {@code *} comments belong to the move before them (the last one of the previous line).
 *
 * <p>KI2 has no special moves: the {@code まで…} line after a line of play says how it ended, relative to the
 * side to move after the line's moves:
 *
 * <table>
 *   <caption>Ending lines</caption>
 *   <tr><th>the line contains</th><th>special</th></tr>
 *   <tr><td>中断</td><td>CHUDAN</td></tr>
 *   <tr><td>千日手</td><td>SENNICHITE</td></tr>
 *   <tr><td>持将棋</td><td>JISHOGI</td></tr>
 *   <tr><td>不詰</td><td>FUZUMI</td></tr>
 *   <tr><td>詰 ({@code まで61手詰}, {@code まで7手で詰み})</td><td>TSUMI</td></tr>
 *   <tr><td>封じ手, 引き分け, 最大手数, 待った</td><td>FUUJITE, HIKIWAKE, MAX_MOVES, MATTA</td></tr>
 *   <tr><td>X の反則負け</td><td>ILLEGAL_MOVE if X is to move, else ILLEGAL_WIN</td></tr>
 *   <tr><td>X の反則勝ち</td><td>ILLEGAL_WIN if X is to move, else ILLEGAL_MOVE</td></tr>
 *   <tr><td>X の不戦勝 / 不戦敗</td><td>FUSEN_WIN / FUSEN_LOSS from the side to move's view</td></tr>
 *   <tr><td>入玉, 宣言</td><td>KACHI</td></tr>
 *   <tr><td>時間切れ, 切れ負け</td><td>TIME_UP</td></tr>
 *   <tr><td>X の勝ち, X having made the last move</td><td>TORYO (the usual case)</td></tr>
 *   <tr><td>X の勝ち, X to move</td><td>ILLEGAL_WIN (how Kakinoki summarises 反則勝ち)</td></tr>
 * </table>
 *
 * X is 先手 or 下手 (sente) or 後手 or 上手 (gote). A move count that disagrees with the line, or an ending
 * that matches none of these, is a problem. After a line that stopped at an illegal move, the ending line
 * counts that move and speaks of the side to move after it: {@code まで27手で後手の勝ち} after sente's illegal
 * 27th move is kept in the move's place as sente's 反則負け (see {@code KifReader}).
 *
 * {@snippet :
 * ReadResult r = Ki2Reader.read("▲７六歩　△３四歩　▲２二角成\nまで3手で中断\n");
 * r.kifu().special(); // Optional[CHUDAN]
 * }
 */
public final class Ki2Reader {
    private Ki2Reader() {}

    /**
     * Reads a KI2 record.
     *
     * @param text the record (decode bytes with {@link TextDecoder} first)
     * @return the record as far as it could be read, and every problem found
     */
    public static ReadResult read(String text) {
        return KifReader.read(text, Dialect.KI2);
    }

    /**
     * Decodes and reads a KI2 file; malformed bytes are reported before the record's own problems.
     *
     * @param bytes the file's bytes
     * @return the record and every problem found
     */
    public static ReadResult read(byte[] bytes) {
        return TextDecoder.decode(bytes).read(Ki2Reader::read);
    }
}
