package dev.meijin.notation.kif;

import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.WriteResult;

/**
 * Writes KIF records in the layout Kakinoki's programs use, strictly: every move is checked against the
 * rules, and anything the text cannot hold is listed in {@link WriteResult#dropped()}.
 *
 * <p>The layout: the line {@code #KIF version=2.0 encoding=Shift_JIS} (or {@code UTF-8}); the headers in
 * their order, with the start written before the players' names: {@code 手合割：平手} or the handicap's
 * name for a start from the registry, otherwise a {@link BoardDiagram} (with {@code 手数＝N} and moves numbered
 * from N+1 when the position's move number says N moves were played); the line
 * {@code 手数----指手---------消費時間--}; start comments; one line per move,
 * {@code    1 ７六歩(77)   ( 0:01/00:00:01)}, with the time only when the record has one (a missing total
 * is summed from the side's earlier times; times are cut to whole seconds, and fractions such as CSA V3.0 keeps
 * are listed as dropped); comments ({@code *}, {@code **} for engine comments, {@code &} for bookmarks) after
 * their move; a special as a move line ({@code   99 投了}) followed by a summary
 * ({@code まで98手で先手の勝ち}); then the variations, {@code 変化：N手} followed by the variation's moves, the
 * variation at the latest ply first and each followed by its own variations, as Kakinoki writes them. Move
 * text follows {@link dev.meijin.notation.move.JapaneseNotation#formatKif}: {@code ７六歩(77)},
 * {@code 同　歩(76)}, {@code ５五角打}, {@code ２二角成(88)}, and {@code ２二角不成(88)} whenever the move could
 * have promoted.
 *
 * <p>Headers are written as they are, except {@code 手合割}, which the start decides. A file name's extension
 * picks the encoding by convention ({@link WriteOptions#forFileName(String)}: Shift_JIS for {@code .kif},
 * UTF-8 for {@code .kifu}); in Shift_JIS, characters it cannot hold are replaced by {@code ?} and reported.
 *
 * {@snippet :
 * WriteResult w = KifWriter.write(kifu, WriteOptions.forFileName("game.kif"));
 * Files.write(Path.of("game.kif"), KifWriter.encode(w.text(), false));
 * }
 */
public final class KifWriter {
    private KifWriter() {}

    /**
     * Writes a record as UTF-8 KIF text ({@code .kifu}).
     *
     * @param kifu the record
     * @return the text and what it could not hold
     * @throws KifuException if the start position or a move is not legal
     */
    public static WriteResult write(Kifu kifu) {
        return write(kifu, WriteOptions.defaults());
    }

    /**
     * Writes a record as KIF text.
     *
     * @param kifu the record
     * @param options the encoding the text declares and must fit
     * @return the text and what it could not hold
     * @throws KifuException if the start position or a move is not legal
     */
    public static WriteResult write(Kifu kifu, WriteOptions options) {
        return write(kifu, options, Dialect.KIF);
    }

    /**
     * Writes a record as KIF or KI2 text.
     *
     * @param kifu the record
     * @param options the encoding the text declares and must fit
     * @param dialect KIF, or KI2 (see {@link dev.meijin.notation.ki2.Ki2Writer})
     * @return the text and what it could not hold
     * @throws KifuException if the start position or a move is not legal
     */
    public static WriteResult write(Kifu kifu, WriteOptions options, Dialect dialect) {
        return new KifFormatter(kifu, options, dialect).write();
    }

    /**
     * The bytes of a written text: UTF-8 (for {@code .kifu}, without a byte-order mark) or Shift_JIS (for
     * {@code .kif}).
     *
     * @param text the text, as {@link #write} returns it
     * @param utf8 {@code true} for UTF-8, {@code false} for Shift_JIS
     * @return the bytes
     * @throws KifuException naming the first character Shift_JIS cannot hold (never for text this writer
     *     produced with {@code utf8} false)
     */
    public static byte[] encode(String text, boolean utf8) {
        return KifFormatter.encode(text, utf8);
    }
}
