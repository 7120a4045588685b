package dev.meijin.notation.csa;

import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.Special;
import dev.meijin.testdata.TestData;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The CSA files of the shared test corpus, decoded, with what {@code MANIFEST.tsv} says about them. */
public final class CsaCorpus {
    private CsaCorpus() {}

    private static final Map<String, String[]> MANIFEST = new HashMap<>();

    static {
        for (String[] row : TestData.tsv("MANIFEST.tsv")) {
            MANIFEST.put(row[0], row);
        }
    }

    /** The decoded text of a corpus file (encoding detected, as an application would). */
    public static String text(String path) {
        return TextDecoder.decode(TestData.bytes(path)).text();
    }

    /** Every CSA file except the intentionally malformed ones under {@code csa/errors/}. */
    public static List<String> wellFormed() {
        return TestData.list("csa").stream().filter(p -> !p.startsWith("csa/errors/")).toList();
    }

    /** The intentionally malformed CSA files. */
    public static List<String> malformed() {
        return TestData.list("csa/errors");
    }

    /** The ending the manifest records for a file (its {@code csa_terminal} column), if any. */
    public static Optional<Special> recordedEnding(String path) {
        String[] row = MANIFEST.get(path);
        if (row == null) {
            throw new IllegalArgumentException("no manifest row for " + path);
        }
        String terminal = row.length > 9 ? row[9].strip() : "";
        return terminal.isEmpty() ? Optional.empty() : Optional.of(Special.ofCsa("%" + terminal).orElseThrow());
    }

    /** The encoding the manifest records for a file, for example {@code EUC-JP} or {@code Shift_JIS (CP932)}. */
    public static String encoding(String path) {
        return MANIFEST.get(path)[2];
    }
}
