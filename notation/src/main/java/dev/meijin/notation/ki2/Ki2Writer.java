package dev.meijin.notation.ki2;

import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.kif.Dialect;
import dev.meijin.notation.kif.KifWriter;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.WriteResult;

/**
 * Writes KI2 records, strictly (see {@link KifWriter} for the header block, board diagrams, comments and
 * variations, which KI2 shares with KIF).
 *
 * <p>Moves are written by {@link dev.meijin.notation.move.JapaneseNotation#formatKi2} with their side marks
 * and the JSA markers they need ({@code ▲７六歩}, {@code △同　歩}, {@code ▲５八金左}), six to a line, each padded
 * to twelve columns; a move with comments ends its line and the comments follow. A line of play that ends
 * with a special is followed by its {@code まで…} line, which {@link Ki2Reader} reads back to the same
 * special ({@code まで98手で先手の勝ち}, {@code まで77手で千日手}, {@code まで30手で後手の反則負け}…). KI2 cannot hold
 * times: if any step has one, {@link WriteResult#dropped()} says so.
 *
 * {@snippet :
 * WriteResult w = Ki2Writer.write(kifu, WriteOptions.UTF8);
 * w.dropped(); // ["times (KI2 cannot hold them)"] for a record with times
 * }
 */
public final class Ki2Writer {
    private Ki2Writer() {}

    /**
     * Writes a record as UTF-8 KI2 text ({@code .ki2u}).
     *
     * @param kifu the record
     * @return the text and what it could not hold
     * @throws KifuException if the start position or a move is not legal
     */
    public static WriteResult write(Kifu kifu) {
        return write(kifu, WriteOptions.defaults());
    }

    /**
     * Writes a record as KI2 text.
     *
     * @param kifu the record
     * @param options the encoding the text declares and must fit
     * @return the text and what it could not hold
     * @throws KifuException if the start position or a move is not legal
     */
    public static WriteResult write(Kifu kifu, WriteOptions options) {
        return KifWriter.write(kifu, options, Dialect.KI2);
    }
}
