package dev.meijin.notation.encoding;

import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import java.util.ArrayList;
import java.util.function.Function;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Objects;

/**
 * Text decoded from a file's bytes, with the encoding that was chosen.
 *
 * @param text the decoded text, without the byte-order mark; malformed bytes are replaced by U+FFFD
 * @param charset the encoding the bytes were read in ({@code windows-31j} for Shift_JIS)
 * @param bom whether the bytes started with a byte-order mark
 * @param problems one entry per malformed byte sequence that was replaced (the first few, then a count);
 *     empty when the bytes were valid in {@code charset}
 */
public record Decoded(String text, Charset charset, boolean bom, List<Problem> problems) {
    public Decoded {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(charset, "charset");
        problems = List.copyOf(problems);
    }

    /** Whether every byte was valid in {@link #charset()}. */
    public boolean ok() {
        return problems.isEmpty();
    }

    /**
     * The text, or an exception if any bytes were malformed (strict decoding).
     *
     * @throws KifuException for the first malformed byte sequence
     */
    public String orThrow() {
        if (!problems.isEmpty()) {
            throw new KifuException(problems.getFirst());
        }
        return text;
    }

    /**
     * Reads the decoded text with a reader and puts the decoding problems (malformed bytes) before the
     * record's own problems.
     */
    public ReadResult read(Function<String, ReadResult> reader) {
        ReadResult r = reader.apply(text);
        if (problems.isEmpty()) {
            return r;
        }
        List<Problem> all = new ArrayList<>(problems);
        all.addAll(r.problems());
        return new ReadResult(r.kifu(), all);
    }
}
