package dev.meijin.notation;

import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.WriteResult;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A record format's reader and writer, as {@link Formats} dispatches to them. Readers are lenient (problems
 * in the result, never an exception); writers are strict.
 *
 * {@snippet :
 * KifuFormat kif = Formats.of(Format.KIF).orElseThrow();
 * ReadResult r = kif.read(text);
 * WriteResult w = kif.write(r.kifu(), WriteOptions.UTF8);
 * }
 */
public interface KifuFormat {
    /**
     * Reads a record, leniently.
     *
     * @param text the record's text (already decoded)
     * @return the record as far as it could be read, and every problem found
     */
    ReadResult read(String text);

    /**
     * Writes a record.
     *
     * @param kifu the record
     * @param options the options that apply to the format
     * @return the text and what the format could not hold
     * @throws KifuException if the record cannot be written (an illegal start or move)
     */
    WriteResult write(Kifu kifu, WriteOptions options);

    /**
     * A format from its two functions, for formats whose reader and writer are static methods.
     *
     * {@snippet :
     * KifuFormat kif = KifuFormat.of(KifReader::read, KifWriter::write);
     * }
     *
     * @param reader the lenient reader
     * @param writer the strict writer
     * @return the format
     */
    static KifuFormat of(Function<String, ReadResult> reader, BiFunction<Kifu, WriteOptions, WriteResult> writer) {
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(writer, "writer");
        return new KifuFormat() {
            @Override
            public ReadResult read(String text) {
                return reader.apply(text);
            }

            @Override
            public WriteResult write(Kifu kifu, WriteOptions options) {
                return writer.apply(kifu, options);
            }
        };
    }
}
