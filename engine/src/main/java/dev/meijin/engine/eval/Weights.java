package dev.meijin.engine.eval;

import dev.meijin.core.text.AsciiNumbers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A weight vector for {@link Features}: an immutable {@code int[]} indexed by feature. Weight files are text,
 * one {@code name value} pair per line ({@code board.pawn 90}), {@code #} comments; features a file leaves out
 * keep their value from the base vector.
 */
public final class Weights {
    private final int[] w;

    private Weights(int[] w) {
        this.w = w;
    }

    /** Board values of the roles by code, before tuning (centipawns). */
    private static final int[] MATERIAL = {0, 90, 230, 260, 370, 560, 640, 440, 0, 530, 490, 510, 495, 830, 950, 0};

    /**
     * Material only: board values by role and hand values 10% above them, the marginal value of each further
     * piece of a kind in hand falling by 5% down to 60%. Everything else is zero.
     *
     * @return the material-only weights
     */
    public static Weights material() {
        int[] w = new int[Features.COUNT];
        for (int r = 1; r < 16; r++) {
            w[Features.BOARD + r] = MATERIAL[r];
        }
        for (int r = 1; r <= 7; r++) {
            for (int k = 1; k <= 18; k++) {
                double f = Math.max(0.6, 1.0 - 0.05 * (k - 1));
                w[Features.hand(r, k)] = (int) Math.round(MATERIAL[r] * 1.1 * f);
            }
        }
        return new Weights(w);
    }

    private static final class Tuned {
        static final Weights INSTANCE = load();

        private static Weights load() {
            try (InputStream in = Weights.class.getResourceAsStream("weights.txt")) {
                return in == null ? material() : read(new InputStreamReader(in, StandardCharsets.UTF_8), material());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * The tuned weights shipped with the engine (resource {@code weights.txt}), or {@link #material()} if there
     * are none.
     *
     * @return the default weights of the engine
     */
    public static Weights tuned() {
        return Tuned.INSTANCE;
    }

    /**
     * A weight vector from an array (copied).
     *
     * @param values one value per feature
     * @return the weights
     */
    public static Weights of(int[] values) {
        if (values.length != Features.COUNT) {
            throw new IllegalArgumentException(values.length + " weights, " + Features.COUNT + " expected");
        }
        return new Weights(values.clone());
    }

    /**
     * Reads a weight file over a base vector.
     *
     * @param reader the text
     * @param base the values of the features the file leaves out
     * @return the weights
     * @throws IOException if reading fails
     * @throws IllegalArgumentException naming the line of an unknown feature or a bad number
     */
    public static Weights read(Reader reader, Weights base) throws IOException {
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < Features.COUNT; i++) {
            byName.put(Features.name(i), i);
        }
        int[] w = base.w.clone();
        BufferedReader in = new BufferedReader(reader);
        String line;
        int no = 0;
        while ((line = in.readLine()) != null) {
            no++;
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s+");
            Integer i = byName.get(parts[0]);
            if (parts.length != 2 || i == null) {
                throw new IllegalArgumentException("weights line " + no + ": expected a feature name and a value, got \"" + excerpt(line) + "\"");
            }
            try {
                w[i] = AsciiNumbers.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("weights line " + no + ": \"" + excerpt(parts[1]) + "\" is not a whole number", e);
            }
        }
        return new Weights(w);
    }

    private static String excerpt(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }

    /**
     * Writes every weight as {@code name value}, one per line.
     *
     * @param out where to write
     * @param comment a first comment line (without {@code #})
     * @throws IOException if writing fails
     */
    public void write(Writer out, String comment) throws IOException {
        out.write("# " + comment + "\n");
        for (int i = 0; i < w.length; i++) {
            out.write(Features.name(i) + " " + w[i] + "\n");
        }
    }

    /**
     * The weight of a feature.
     *
     * @param i the feature index
     * @return its weight
     */
    public int get(int i) {
        return w[i];
    }

    /** A copy of the values. */
    public int[] toArray() {
        return w.clone();
    }

    /** The values themselves, for evaluators in this package (never modified). */
    int[] raw() {
        return w;
    }

    /** The placement lookup table of these weights, built on first use (racy but idempotent: equal tables). */
    private volatile int[] placement;

    /**
     * The {@link PlacementTable} of these weights, built once and shared by every evaluator using them.
     *
     * @param kpTerms whether the king-piece-square weights are used (a function of the weights)
     * @return the table
     */
    int[] placementTable(boolean kpTerms) {
        int[] t = placement;
        if (t == null) {
            t = PlacementTable.build(w, kpTerms);
            placement = t;
        }
        return t;
    }
}
