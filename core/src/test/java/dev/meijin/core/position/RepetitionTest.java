package dev.meijin.core.position;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Position#repetition(int)}, {@link Position#sennichite(int)} and the null move, checked against a
 * brute-force reading of the SFEN of every position met on seeded playouts that often move a piece back
 * where it came from, so that repetitions, perpetual checks and changed hands are frequent.
 */
class RepetitionTest {

    static LongStream seeds() {
        return LongStream.range(0, 120);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void agreesWithBruteForceOnShufflingPlayouts(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<String> starts = Fixtures.perftSfens();
        String start = seed % 3 == 0 ? Sfen.STARTPOS : starts.get((int) (seed % starts.size()));
        Position pos = Fixtures.load(start);
        List<String> sfens = new ArrayList<>(List.of(boardHandsSide(pos)));
        List<Boolean> checks = new ArrayList<>(List.of(pos.inCheck()));
        for (int ply = 0; ply < 160; ply++) {
            int m = shuffle(pos, rnd);
            if (m == Move.NONE) {
                break;
            }
            pos.doMove(m);
            sfens.add(boardHandsSide(pos));
            checks.add(pos.inCheck());
            for (int maxPlies : new int[] {4, 16, 1000}) {
                assertThat(pos.repetition(maxPlies)).as("repetition(%d) after %s in %s", maxPlies, Move.usi(m), pos)
                        .isEqualTo(bruteInTree(sfens, checks, maxPlies));
            }
            for (int occ = 2; occ <= 4; occ++) {
                assertThat(pos.sennichite(occ)).as("sennichite(%d) in %s", occ, pos).isEqualTo(bruteRule(sfens, checks, occ));
            }
            assertThat(pos.occurrences()).as("occurrences in %s", pos).isEqualTo(bruteCount(sfens));
        }
    }

    @Test
    void everyStateIsReachedOverThePlayouts() {
        EnumSet<RepetitionState> states = EnumSet.noneOf(RepetitionState.class);
        for (long seed = 0; seed < 120; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Position pos = seed % 2 == 0 ? Position.startpos() : Fixtures.load(Fixtures.perftSfens().get((int) (seed % 7)));
            for (int ply = 0; ply < 160; ply++) {
                int m = shuffle(pos, rnd);
                if (m == Move.NONE) {
                    break;
                }
                pos.doMove(m);
                states.add(pos.repetition(1000));
            }
        }
        assertThat(states).containsExactlyInAnyOrder(RepetitionState.values());
    }

    @Test
    void nullMovePassesAndIsTakenBack() {
        for (String sfen : Fixtures.perftSfens()) {
            Position pos = Fixtures.load(sfen);
            if (pos.inCheck() || pos.kingSquare(0) == Position.NO_SQUARE || pos.kingSquare(1) == Position.NO_SQUARE) {
                continue;
            }
            String before = Sfen.format(pos);
            long key = pos.key();
            int plies = pos.plies();
            pos.doNullMove();
            String[] f = before.split(" ");
            String passed = f[0] + " " + (f[1].equals("b") ? "w" : "b") + " " + f[2] + " " + (Integer.parseInt(f[3]) + 1);
            assertThat(Sfen.format(pos)).as("after a pass in %s", before).isEqualTo(passed);
            assertThat(pos.key()).as("key after a pass in %s", before).isEqualTo(Sfen.position(passed).key());
            assertThat(pos.inCheck()).as(passed).isFalse();
            assertThat(pos.plies()).isEqualTo(plies + 1);
            assertThat(pos.repetition(1000)).as(passed).isEqualTo(RepetitionState.NONE);
            int[] moves = pos.legalMoves();
            assertThat(moves).as("the opponent moves after a pass in %s", before).isEqualTo(Sfen.position(passed).legalMoves());
            if (moves.length > 0) {
                pos.doMove(moves[0]);
                pos.undoMove();
            }
            pos.undoNullMove();
            assertThat(Sfen.format(pos)).isEqualTo(before);
            assertThat(pos.key()).isEqualTo(key);
            assertThatThrownBy(pos::undoNullMove).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void repetitionDoesNotLookPastANullMove() {
        Position pos = Position.startpos();
        for (String usi : new String[] {"5i5h", "5a5b", "5h5i", "5b5a"}) {
            pos.doMove(Usi.parseMove(pos, usi));
        }
        assertThat(pos.repetition(16)).isEqualTo(RepetitionState.DRAW);
        pos.doNullMove();
        pos.doMove(Usi.parseMove(pos, "5a5b"));
        pos.doNullMove();
        pos.doMove(Usi.parseMove(pos, "5b5a"));
        // Same board, hands and side to move as four plies earlier, but reached through passes.
        assertThat(pos.key()).isEqualTo(pos.keyAt(pos.plies() - 4));
        assertThat(pos.repetition(16)).isEqualTo(RepetitionState.NONE);
        assertThat(pos.sennichite(2)).isEqualTo(RepetitionState.NONE);
    }

    /** Half of the time moves a piece back to where it came from two plies ago, else a purposeful random move. */
    static int shuffle(Position pos, SplittableRandom rnd) {
        if (pos.plies() >= 2 && rnd.nextInt(10) < 6) {
            int last = pos.moveAt(pos.plies() - 2);
            if (!Move.isDrop(last) && !Move.isPromotion(last)) {
                int back = Move.normal(Move.to(last), Move.from(last), Move.piece(last));
                if (pos.isLegal(back)) {
                    return back;
                }
            }
        }
        return Fixtures.pickMove(pos, rnd);
    }

    private static String boardHandsSide(Position pos) {
        String s = Sfen.format(pos);
        return s.substring(0, s.lastIndexOf(' '));
    }

    private static String board(String s) {
        String[] f = s.split(" ");
        return f[0] + " " + f[1];
    }

    private static int[] hand(String s, int color) {
        return counts(Sfen.parse(s + " 1"), color);
    }

    private static int[] counts(Setup setup, int color) {
        int[] c = new int[8];
        for (int r = 1; r <= 7; r++) {
            c[r] = setup.hands().get(color * 8 + r);
        }
        return c;
    }

    private static RepetitionState bruteInTree(List<String> sfens, List<Boolean> checks, int maxPlies) {
        int n = sfens.size() - 1;
        String now = sfens.get(n);
        int us = now.split(" ")[1].equals("b") ? 0 : 1;
        for (int i = n - 2; i >= Math.max(0, n - maxPlies); i -= 2) {
            if (!board(sfens.get(i)).equals(board(now))) {
                continue;
            }
            if (sfens.get(i).equals(now)) {
                return judge(checks, i, n);
            }
            int[] a = hand(now, us), b = hand(sfens.get(i), us);
            boolean ge = true, le = true;
            for (int r = 1; r <= 7; r++) {
                ge &= a[r] >= b[r];
                le &= a[r] <= b[r];
            }
            if (ge) {
                return RepetitionState.SUPERIOR;
            }
            if (le) {
                return RepetitionState.INFERIOR;
            }
        }
        return RepetitionState.NONE;
    }

    private static RepetitionState bruteRule(List<String> sfens, List<Boolean> checks, int occurrences) {
        int n = sfens.size() - 1, found = 1;
        for (int i = n - 1; i >= 0; i--) {
            if (sfens.get(i).equals(sfens.get(n)) && ++found == occurrences) {
                return judge(checks, i, n);
            }
        }
        return RepetitionState.NONE;
    }

    private static int bruteCount(List<String> sfens) {
        String now = sfens.getLast();
        return (int) sfens.stream().filter(now::equals).count();
    }

    /** Positions i and n are the same; the move leading to position k gave check if position k is in check. */
    private static RepetitionState judge(List<Boolean> checks, int i, int n) {
        boolean them = true, us = true;
        for (int k = i + 1; k <= n; k++) {
            boolean byOpponent = (n - k) % 2 == 0; // the move into position n was the opponent's
            if (!checks.get(k)) {
                if (byOpponent) {
                    them = false;
                } else {
                    us = false;
                }
            }
        }
        return them == us ? RepetitionState.DRAW : them ? RepetitionState.WIN : RepetitionState.LOSE;
    }
}
