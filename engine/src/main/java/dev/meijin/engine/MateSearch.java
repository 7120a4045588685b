package dev.meijin.engine;

import dev.meijin.core.Move;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * A mate search for USI {@code go mate}: iterative deepening over odd depths of an AND/OR tree in which the
 * attacker (the side to move) plays only checks and the defender every legal reply, with a table of positions
 * already shown to have no mate within a depth. It proves that there is no mate when a search ends without any
 * line cut off by the depth limit. The line it reports makes the attacker mate as fast as it can and the
 * defender resist as long as it can.
 */
final class MateSearch {
    /** How a search ended. */
    enum Outcome {
        /** A mate was found: see {@link MateSearch#line()}. */
        MATE,
        /** There is no mate at all. */
        NO_MATE,
        /** Time ran out or the search was stopped first. */
        TIMEOUT
    }

    private static final int MAX_DEPTH = 61;
    private static final int TABLE_BITS = 20;

    private final Position pos;
    private final int[][] moves = new int[MAX_DEPTH + 2][Position.MAX_MOVES];
    private final long[] noMateKey = new long[1 << TABLE_BITS];
    private final int[] noMateDepth = new int[1 << TABLE_BITS];
    private volatile boolean stop;
    private long deadline = Long.MAX_VALUE;
    private long nodes;
    private boolean cut;
    private final List<String> line = new ArrayList<>();

    MateSearch(Position pos) {
        this.pos = pos.copy();
    }

    /** Stops the search from another thread. */
    void stop() {
        stop = true;
    }

    /** The mating line in USI after {@link Outcome#MATE}. */
    List<String> line() {
        return List.copyOf(line);
    }

    /**
     * Searches for a mate by the side to move.
     *
     * @param millis time allowed, or 0 for no limit (until {@link #stop()})
     * @return what the search found
     */
    Outcome solve(long millis) {
        deadline = millis > 0 ? System.nanoTime() + millis * 1_000_000 : Long.MAX_VALUE;
        for (int d = 1; d <= MAX_DEPTH; d += 2) {
            cut = false;
            if (attack(d, 0)) {
                buildLine(d);
                return Outcome.MATE;
            }
            if (stopped()) {
                return Outcome.TIMEOUT;
            }
            if (!cut) {
                return Outcome.NO_MATE;
            }
        }
        return Outcome.TIMEOUT;
    }

    private boolean stopped() {
        if (stop) {
            return true;
        }
        if ((++nodes & 1023) == 0 && System.nanoTime() > deadline) {
            stop = true;
        }
        return stop;
    }

    private int slot(long key) {
        return (int) (key ^ (key >>> 29)) & ((1 << TABLE_BITS) - 1);
    }

    /** Whether the attacker to move mates within {@code depth} plies. */
    private boolean attack(int depth, int ply) {
        if (stopped()) {
            return false;
        }
        long key = pos.key();
        int s = slot(key);
        if (noMateKey[s] == key && noMateDepth[s] >= depth) {
            return false;
        }
        int[] list = moves[ply];
        int n = pos.generate(GenType.CHECKS_ALL, list, 0);
        for (int i = 0; i < n; i++) {
            pos.doMove(list[i]);
            boolean mate = defend(depth - 1, ply + 1);
            pos.undoMove();
            if (mate) {
                return true;
            }
            if (stop) {
                return false;
            }
        }
        if (!stop) {
            noMateKey[s] = key;
            noMateDepth[s] = depth;
        }
        return false;
    }

    /** Whether every reply of the defender (in check) is mated within {@code depth} plies. */
    private boolean defend(int depth, int ply) {
        int[] list = moves[ply];
        int n = pos.generate(GenType.LEGAL_ALL, list, 0);
        if (n == 0) {
            return true;
        }
        if (depth <= 0) {
            cut = true;
            return false;
        }
        for (int i = 0; i < n; i++) {
            pos.doMove(list[i]);
            boolean mate = attack(depth - 1, ply + 1);
            pos.undoMove();
            if (!mate) {
                return false;
            }
        }
        return true;
    }

    /** Rebuilds a mating line: the fastest mate for the attacker, the longest resistance for the defender. */
    private void buildLine(int depth) {
        line.clear();
        int played = 0;
        int d = depth;
        while (d > 0) {
            int[] list = new int[Position.MAX_MOVES];
            int n = pos.generate(GenType.CHECKS_ALL, list, 0);
            int best = Move.NONE;
            int need = Integer.MAX_VALUE;
            for (int i = 0; i < n && best == Move.NONE; i++) {
                for (int k = 1; k <= d; k += 2) {
                    pos.doMove(list[i]);
                    boolean mate = defend(k - 1, 1);
                    pos.undoMove();
                    if (mate && k < need) {
                        need = k;
                        best = list[i];
                        break;
                    }
                }
            }
            if (best == Move.NONE) {
                break;
            }
            // Prefer the move with the fewest plies to mate.
            for (int i = 0; i < n; i++) {
                for (int k = 1; k < need; k += 2) {
                    pos.doMove(list[i]);
                    boolean mate = defend(k - 1, 1);
                    pos.undoMove();
                    if (mate) {
                        need = k;
                        best = list[i];
                        break;
                    }
                }
            }
            line.add(Move.usi(best));
            pos.doMove(best);
            played++;
            int[] replies = new int[Position.MAX_MOVES];
            int r = pos.generate(GenType.LEGAL_ALL, replies, 0);
            if (r == 0) {
                break;
            }
            int longest = Move.NONE;
            int longestNeed = -1;
            for (int i = 0; i < r; i++) {
                pos.doMove(replies[i]);
                for (int k = 1; k <= need - 2; k += 2) {
                    if (attack(k, 2)) {
                        if (k > longestNeed) {
                            longestNeed = k;
                            longest = replies[i];
                        }
                        break;
                    }
                }
                pos.undoMove();
            }
            if (longest == Move.NONE) {
                break;
            }
            line.add(Move.usi(longest));
            pos.doMove(longest);
            played++;
            d = longestNeed;
        }
        for (int i = 0; i < played; i++) {
            pos.undoMove();
        }
    }
}
