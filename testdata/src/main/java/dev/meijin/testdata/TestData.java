package dev.meijin.testdata;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the shared test corpus from the class path, so that it works the same from a folder and from inside
 * the {@code meijin-testdata} jar.
 *
 * <p>Paths are relative to the resource folder {@code dev/meijin/testdata/} and use {@code /}, for example
 * {@code "kif/json-kifu-format/20081220kyoochi.kif"} or {@code "perft/perft.tsv"}. The files are kept
 * byte-for-byte as published upstream, so each caller chooses the charset; {@code MANIFEST.tsv} records the
 * detected encoding of every game file. Jars cannot be listed, so {@link #list(String)} reads the generated
 * {@code index.txt}.
 *
 * {@snippet :
 * String kif = TestData.text("kif/json-kifu-format/20081220kyoochi.kif", Charset.forName("windows-31j"));
 * for (String path : TestData.list("csa/wcsc28-apery")) {
 *     byte[] raw = TestData.bytes(path);
 * }
 * }
 */
public final class TestData {

    private static final String ROOT = "/dev/meijin/testdata/";

    private TestData() {}

    /**
     * Opens a data file; the caller closes the stream.
     *
     * @param path file path relative to {@code dev/meijin/testdata/}
     * @return a fresh stream over the file's bytes
     * @throws IllegalArgumentException if no such file is on the class path (the message names the path)
     */
    public static InputStream open(String path) {
        InputStream in = TestData.class.getResourceAsStream(resourceName(path));
        if (in == null) {
            throw new IllegalArgumentException(
                    "no test data file \"" + path + "\" (class-path resource " + resourceName(path) + ")");
        }
        return in;
    }

    /**
     * Reads a data file's bytes exactly as stored.
     *
     * @param path file path relative to {@code dev/meijin/testdata/}
     * @return the file's bytes
     * @throws IllegalArgumentException if the file does not exist
     * @throws UncheckedIOException if reading fails
     */
    public static byte[] bytes(String path) {
        try (InputStream in = open(path)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read test data file \"" + path + "\"", e);
        }
    }

    /**
     * Decodes a data file with the given charset, dropping a leading byte-order mark if there is one.
     *
     * @param path file path relative to {@code dev/meijin/testdata/}
     * @param cs the file's encoding, for example UTF-8 or {@code windows-31j} (Shift_JIS as written by Windows)
     * @return the decoded text without a BOM
     * @throws IllegalArgumentException if the file does not exist
     * @throws UncheckedIOException if reading fails
     */
    public static String text(String path, Charset cs) {
        String s = new String(bytes(path), cs);
        // A UTF-8 BOM decodes to U+FEFF; many KIF/CSA files carry one.
        return !s.isEmpty() && s.charAt(0) == '\uFEFF' ? s.substring(1) : s;
    }

    /**
     * The files under a folder, from {@code index.txt}, sorted.
     *
     * <p>The prefix names a folder: {@code "kif/json-kifu-format"} and {@code "kif/json-kifu-format/"} are
     * the same, and {@code ""} lists every file. Sub-folders are included. A prefix that matches nothing is
     * treated as a typo and rejected, so that a parameterised test never runs silently over zero files.
     *
     * @param folderPrefix a folder relative to {@code dev/meijin/testdata/}, with or without the final slash
     * @return an unmodifiable, sorted list of paths usable with {@link #open(String)}
     * @throws IllegalArgumentException if no file lies under the prefix
     */
    public static List<String> list(String folderPrefix) {
        String prefix = folderPrefix.isEmpty() || folderPrefix.endsWith("/") ? folderPrefix : folderPrefix + "/";
        List<String> out = new ArrayList<>();
        for (String p : Index.PATHS) {
            if (p.startsWith(prefix)) {
                out.add(p);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no test data files under \"" + folderPrefix + "\"");
        }
        return List.copyOf(out);
    }

    /**
     * Reads a UTF-8 tab-separated table: the first non-blank line is the header and is skipped, blank lines
     * are skipped, and every other line is split on tabs keeping empty fields (trailing ones included).
     *
     * @param path file path relative to {@code dev/meijin/testdata/}
     * @return the data rows in file order; each array is a fresh copy
     * @throws IllegalArgumentException if the file does not exist
     */
    public static List<String[]> tsv(String path) {
        List<String[]> rows = new ArrayList<>();
        boolean header = true;
        for (String line : text(path, StandardCharsets.UTF_8).split("\r?\n", -1)) {
            if (line.isBlank()) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            rows.add(line.split("\t", -1));
        }
        return List.copyOf(rows);
    }

    private static String resourceName(String path) {
        if (path.isEmpty() || path.startsWith("/")) {
            throw new IllegalArgumentException(
                    "test data path \"" + path + "\" must be relative, e.g. \"perft/perft.tsv\"");
        }
        return ROOT + path;
    }

    /** The sorted file list, loaded once on first use. */
    private static final class Index {
        static final List<String> PATHS = load();

        private static List<String> load() {
            List<String> paths = new ArrayList<>();
            for (String line : text("index.txt", StandardCharsets.UTF_8).split("\r?\n")) {
                if (!line.isBlank()) {
                    paths.add(line.strip());
                }
            }
            paths.sort(null);
            return List.copyOf(paths);
        }
    }
}
