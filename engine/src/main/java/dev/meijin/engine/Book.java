package dev.meijin.engine;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.text.AsciiNumbers;
import dev.meijin.core.usi.Usi;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * An opening book: for a position (by its key: board, hands and side to move, not the move number), the moves
 * to play with their weights. Two text formats are read, told apart line by line:
 *
 * <ul>
 *   <li><b>Position blocks</b>: a line {@code sfen <SFEN>} (the move number may be left out) followed by one line
 *       per book move, {@code <move> [<ponder>|none [<score> [<depth> [<count>]]]]}; the count (default 1) is the
 *       move's weight. Lines starting with {@code #} or {@code //} are comments. This is also the layout of the
 *       common "standard book" files of other USI engines.</li>
 *   <li><b>Game lines</b>: {@code [position] startpos|sfen <SFEN> moves <m1> <m2> …}; every position along the line
 *       gets the next move with weight 1 (weights add up over lines).</li>
 * </ul>
 *
 * A book move that is not legal in its position, or a count that is not a whole number in ASCII digits, is
 * refused with the line number, so a broken book is noticed when it is loaded and not in a game. A move's weights
 * add up to at most {@link Integer#MAX_VALUE}.
 */
final class Book {
    private final Map<Long, List<int[]>> entries; // key -> {move, ponder, weight}

    private Book(Map<Long, List<int[]>> entries) {
        this.entries = entries;
    }

    /** The number of positions in the book. */
    int size() {
        return entries.size();
    }

    /**
     * Reads a book file.
     *
     * @param file the file
     * @return the book
     * @throws IllegalArgumentException naming the file, the line and the problem
     */
    static Book read(Path file) {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(r, file.toString());
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("BookFile " + file + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("BookFile " + file + ": " + e.getMessage());
        }
    }

    static Book read(BufferedReader r, String name) throws IOException {
        Map<Long, List<int[]>> map = new HashMap<>();
        Position block = null;
        String line;
        int no = 0;
        while ((line = r.readLine()) != null) {
            no++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("//")) {
                continue;
            }
            String[] w = t.split("\\s+");
            try {
                int first = w[0].equals("position") ? 1 : 0;
                if (w.length > first && (w[first].equals("startpos") || w[first].equals("sfen") && Arrays.asList(w).contains("moves"))) {
                    gameLine(map, w, first);
                    block = null;
                } else if (w[0].equals("sfen")) {
                    block = position(w, 1, w.length);
                } else if (block != null) {
                    int m = Usi.parseMove(block, w[0]);
                    int ponder = Move.NONE;
                    if (w.length > 1 && !w[1].equals("none")) {
                        Position after = block.copy();
                        after.doMove(m);
                        ponder = Usi.parseMove(after, w[1]);
                    }
                    int weight = w.length > 4 ? weight(w[4]) : 1;
                    add(map, block.key(), m, ponder, weight);
                } else {
                    throw new IllegalArgumentException("a move before any \"sfen\" line");
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("BookFile " + name + " line " + no + ": " + e.getMessage());
            }
        }
        return new Book(map);
    }

    private static Position position(String[] w, int from, int to) {
        if (from >= to) {
            throw new IllegalArgumentException("the SFEN is missing");
        }
        String sfen = String.join(" ", Arrays.copyOfRange(w, from, Math.min(to, from + 4)));
        if (to - from == 3) {
            sfen += " 1";
        }
        return Position.of(Sfen.parse(sfen));
    }

    private static void gameLine(Map<Long, List<int[]>> map, String[] w, int first) {
        int movesAt = Arrays.asList(w).indexOf("moves");
        Position p = w[first].equals("startpos") ? Position.of(Setups.STARTPOS) : position(w, first + 1, movesAt);
        for (int i = movesAt + 1; i < w.length; i++) {
            int m = Usi.parseMove(p, w[i]);
            int ponder = Move.NONE;
            long key = p.key();
            p.doMove(m);
            if (i + 1 < w.length) {
                ponder = Usi.parseMove(p, w[i + 1]);
            }
            add(map, key, m, ponder, 1);
        }
    }

    /**
     * A book move's weight: its count, the fifth field, a whole number in ASCII digits. A negative count weighs
     * nothing and one beyond {@link Integer#MAX_VALUE} weighs that much.
     *
     * @throws IllegalArgumentException naming the field and its text (the caller adds the file and line)
     */
    private static int weight(String count) {
        try {
            return Math.clamp(AsciiNumbers.parseLong(count), 0, Integer.MAX_VALUE);
        } catch (NumberFormatException e) {
            String text = count.length() > 40 ? count.substring(0, 40) + "…" : count;
            throw new IllegalArgumentException("count \"" + text + "\" (the move's weight, field 5) is not a whole number");
        }
    }

    private static void add(Map<Long, List<int[]>> map, long key, int move, int ponder, int weight) {
        List<int[]> list = map.computeIfAbsent(key, k -> new ArrayList<>());
        for (int[] e : list) {
            if (e[0] == move) {
                // Counts of one move add up over blocks and lines; held at the int maximum, not wrapped round to
                // a negative weight that would take the position out of the book.
                e[2] = (int) Math.min((long) e[2] + weight, Integer.MAX_VALUE);
                if (e[1] == Move.NONE) {
                    e[1] = ponder;
                }
                return;
            }
        }
        list.add(new int[] {move, ponder, weight});
    }

    /**
     * A book move for the position, chosen at random in proportion to the weights, or {@code null} if the
     * position is not in the book (or all its moves have weight 0).
     *
     * @param p the position
     * @param random the source of randomness
     * @return {move, ponder} or {@code null}
     */
    int[] probe(Position p, Random random) {
        List<int[]> list = entries.get(p.key());
        if (list == null) {
            return null;
        }
        long total = 0;
        for (int[] e : list) {
            if (p.isLegal(e[0])) {
                total += e[2];
            }
        }
        if (total <= 0) {
            return null;
        }
        long r = (long) (random.nextDouble() * total);
        for (int[] e : list) {
            if (p.isLegal(e[0])) {
                r -= e[2];
                if (r < 0) {
                    return new int[] {e[0], e[1]};
                }
            }
        }
        return null;
    }
}
