package dev.meijin.server.http;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * The mate problems the tsume page offers to solve, by length: the computer-generated set bundled under
 * {@code resources/tsume/} (see its README for where they come from and why these rows).
 */
final class ProblemCollection {
    /** A problem of the collection: its id, its SFEN, its length in plies and its solution in USI. */
    record Problem(String id, String sfen, int plies, List<String> moves) {
        /** The problem as sent (docs/PROTOCOL.md): everything but the solution, which the solver gives. */
        Map<String, Object> view() {
            return Map.of("id", id, "sfen", sfen, "plies", plies);
        }
    }

    private static final String RESOURCE = "/tsume/tanuki.tsv";

    private final Map<String, Problem> byId = new HashMap<>();
    /** The problems' positions as SFEN written out by {@link Sfen#format}, to know a problem sent as text. */
    private final Set<String> positions = new HashSet<>();
    private final TreeMap<Integer, List<Problem>> byLength = new TreeMap<>();

    private ProblemCollection(List<Problem> problems) {
        for (Problem p : problems) {
            byId.put(p.id(), p);
            positions.add(Sfen.format(Sfen.problem(p.sfen())));
            byLength.computeIfAbsent(p.plies(), k -> new ArrayList<>()).add(p);
        }
    }

    private static final class Bundled {
        static final ProblemCollection INSTANCE = read();
    }

    /** The collection bundled with the server, read once. */
    static ProblemCollection bundled() {
        return Bundled.INSTANCE;
    }

    private static ProblemCollection read() {
        try (InputStream in = ProblemCollection.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the problem collection " + RESOURCE + " is missing from the class path");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the collection's TSV ({@code id sfen plies moves}, a header line first), checking every SFEN. */
    static ProblemCollection parse(String tsv) {
        List<Problem> out = new ArrayList<>();
        String[] lines = tsv.split("\n");
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            String[] f = lines[i].split("\t");
            if (f.length != 4) {
                throw new IllegalArgumentException(RESOURCE + " line " + (i + 1) + ": expected 4 fields, not " + f.length);
            }
            Sfen.problem(f[1]); // a bad row fails at start, not when it is asked for
            out.add(new Problem(f[0], f[1], Integer.parseInt(f[2]), List.of(f[3].split(" "))));
        }
        return new ProblemCollection(out);
    }

    /** How many problems there are of each length, shortest first. */
    Map<Integer, Integer> counts() {
        Map<Integer, Integer> out = new TreeMap<>();
        byLength.forEach((plies, list) -> out.put(plies, list.size()));
        return out;
    }

    /** Every problem, in the order of the collection's lengths and then its rows. */
    List<Problem> all() {
        return byLength.values().stream().flatMap(List::stream).toList();
    }

    /** Whether a position is one of the collection's problems. */
    boolean contains(Position position) {
        return positions.contains(Sfen.format(position));
    }

    /** A problem by its id. */
    Optional<Problem> byId(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /**
     * A problem of the given length drawn at random, other than {@code not} (the one just solved) when there
     * are others; empty when the collection has no problem of that length.
     */
    Optional<Problem> random(int plies, String not, RandomGenerator random) {
        List<Problem> list = byLength.get(plies);
        if (list == null) {
            return Optional.empty();
        }
        Problem p = list.get(random.nextInt(list.size()));
        if (p.id().equals(not) && list.size() > 1) {
            int i = list.indexOf(p);
            p = list.get((i + 1 + random.nextInt(list.size() - 1)) % list.size());
        }
        return Optional.of(p);
    }
}
