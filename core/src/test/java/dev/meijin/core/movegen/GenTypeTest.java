package dev.meijin.core.movegen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Square;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Rules;
import dev.meijin.core.sfen.Sfen;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generation types against each other and against {@link BruteForce}, a generator written from the rules
 * alone, on every perft position and on positions from seeded random playouts.
 */
@Tag("slow")
class GenTypeTest {

    private static final int PAWN = 1, LANCE = 2, BISHOP = 5, ROOK = 6;

    static Stream<String> perftPositions() {
        return Fixtures.perftSfens().stream();
    }

    static LongStream seeds() {
        return LongStream.range(0, 16);
    }

    @ParameterizedTest
    @MethodSource("perftPositions")
    void perftPosition(String sfen) {
        checkAll(sfen);
        checkIsLegalOnEveryCandidate(sfen);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void playoutFromStartpos(long seed) {
        for (String sfen : Fixtures.playoutSfens(Sfen.STARTPOS, seed, 160)) {
            checkAll(sfen);
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void playoutFromPerftPosition(long seed) {
        List<String> starts = Fixtures.perftSfens();
        String start = starts.get((int) (seed * 37 % starts.size()));
        for (String sfen : Fixtures.playoutSfens(start, 1000 + seed, 80)) {
            checkAll(sfen);
        }
    }

    // ------------------------------------------------------------------ the checks

    /**
     * {@link GenType#EVASIONS_ALL_ONE_DROP_PER_SQUARE}: the same moves as {@link GenType#EVASIONS_ALL} that are not
     * drops, in the same order, and of the drops, for each square with one, the drop of the strongest role (gold,
     * rook, bishop, silver, knight, lance, pawn).
     */
    private static void checkOneDropPerSquare(String sfen, int[] all, int[] one) {
        List<Integer> expected = new java.util.ArrayList<>();
        Map<Integer, Integer> strongest = new java.util.TreeMap<>();
        for (int m : all) {
            if (!Move.isDrop(m)) {
                expected.add(m);
            } else {
                strongest.merge(Move.to(m), m, (a, b) -> rank(Move.dropRole(a)) <= rank(Move.dropRole(b)) ? a : b);
            }
        }
        List<Integer> gotMoves = new java.util.ArrayList<>(), gotDrops = new java.util.ArrayList<>();
        for (int m : one) {
            (Move.isDrop(m) ? gotDrops : gotMoves).add(m);
        }
        assertThat(gotMoves).as("EVASIONS_ALL_ONE_DROP_PER_SQUARE's moves in %s", sfen).isEqualTo(expected);
        assertThat(new TreeSet<>(gotDrops)).as("EVASIONS_ALL_ONE_DROP_PER_SQUARE's drops in %s", sfen)
                .isEqualTo(new TreeSet<>(strongest.values()));
    }

    /** The order in which one drop per square is chosen: gold first, pawn last. */
    private static int rank(int role) {
        return switch (role) {
            case 7 -> 0;
            case ROOK -> 1;
            case BISHOP -> 2;
            case 4 -> 3;
            case 3 -> 4;
            case LANCE -> 5;
            case PAWN -> 6;
            default -> throw new IllegalArgumentException("not a role in hand: " + role);
        };
    }

    private static void checkAll(String sfen) {
        Position pos = Fixtures.load(sfen);
        BruteForce.Board board = BruteForce.Board.of(pos);
        Map<GenType, int[]> gen = new EnumMap<>(GenType.class);
        for (GenType t : GenType.values()) {
            int[] buf = new int[Position.MAX_MOVES + 5];
            buf[0] = 12345; // generation starts at the index given and leaves what is before it alone
            int end = pos.generate(t, buf, 1);
            assertThat(buf[0]).as("%s wrote before its start in %s", t, sfen).isEqualTo(12345);
            int[] moves = Arrays.copyOfRange(buf, 1, end);
            assertThat(set(moves)).as("%s has no duplicates in %s", t, sfen).hasSize(moves.length);
            gen.put(t, moves);
        }
        Set<Integer> legal = set(gen.get(GenType.LEGAL)), legalAll = set(gen.get(GenType.LEGAL_ALL));

        // The piece bits of every move name the piece that moves.
        for (int m : legalAll) {
            int expected = Move.isDrop(m) ? Piece.of(pos.sideToMove(), Move.dropRole(m)) : pos.pieceAt(Move.from(m));
            assertThat(Move.piece(m)).as("piece bits of %s in %s", Move.usi(m), sfen).isEqualTo(expected);
            assertThat(Piece.color(expected)).as("mover of %s in %s", Move.usi(m), sfen).isEqualTo(pos.sideToMove());
        }

        // Against brute force: nothing missing, nothing extra.
        List<Integer> brute = BruteForce.legalMoves(board);
        assertThat(usi(legalAll)).as("LEGAL_ALL vs brute force in %s", sfen).isEqualTo(usi(brute));
        assertThat(legalAll).as("LEGAL_ALL vs brute force (piece bits) in %s", sfen).isEqualTo(new HashSet<>(brute));
        Set<Integer> expectedLegal = new HashSet<>();
        for (int m : brute) {
            if (!isUselessNonPromotion(m, pos.sideToMove())) {
                expectedLegal.add(m);
            }
        }
        assertThat(usi(legal)).as("LEGAL vs brute force without useless non-promotions in %s", sfen)
                .isEqualTo(usi(expectedLegal));
        assertThat(legal).as("LEGAL vs brute force in %s", sfen).isEqualTo(expectedLegal);
        assertThat(pos.legalMoves()).as("legalMoves() is LEGAL_ALL in %s", sfen)
                .containsExactlyInAnyOrder(gen.get(GenType.LEGAL_ALL));

        // Captures and quiets split the legal moves.
        checkSplit(sfen, pos, gen.get(GenType.CAPTURES), gen.get(GenType.QUIETS), legal, "LEGAL");
        checkSplit(sfen, pos, gen.get(GenType.CAPTURES_ALL), gen.get(GenType.QUIETS_ALL), legalAll, "LEGAL_ALL");

        // LEGAL ⊆ LEGAL_ALL, and the difference is only useless non-promotions whose promotion is in LEGAL.
        assertThat(legalAll).as("LEGAL ⊆ LEGAL_ALL in %s", sfen).containsAll(legal);
        for (int m : legalAll) {
            if (legal.contains(m)) {
                continue;
            }
            assertThat(isUselessNonPromotion(m, pos.sideToMove()))
                    .as("%s is in LEGAL_ALL but not LEGAL in %s, and is not a useless non-promotion", Move.usi(m), sfen)
                    .isTrue();
            assertThat(legal).as("the promotion of %s is in LEGAL in %s", Move.usi(m), sfen).contains(m | Move.PROMOTE_FLAG);
        }

        // Evasions and non-evasions by check.
        boolean inCheck = pos.inCheck();
        assertThat(inCheck).as("inCheck vs brute force in %s", sfen).isEqualTo(BruteForce.inCheck(board));
        assertThat(set(gen.get(GenType.EVASIONS))).as("EVASIONS in %s", sfen).isEqualTo(inCheck ? legal : Set.of());
        assertThat(set(gen.get(GenType.EVASIONS_ALL))).as("EVASIONS_ALL in %s", sfen)
                .isEqualTo(inCheck ? legalAll : Set.of());
        checkOneDropPerSquare(sfen, gen.get(GenType.EVASIONS_ALL), gen.get(GenType.EVASIONS_ALL_ONE_DROP_PER_SQUARE));
        assertThat(set(gen.get(GenType.NON_EVASIONS))).as("NON_EVASIONS in %s", sfen)
                .isEqualTo(inCheck ? Set.of() : legal);
        assertThat(set(gen.get(GenType.NON_EVASIONS_ALL))).as("NON_EVASIONS_ALL in %s", sfen)
                .isEqualTo(inCheck ? Set.of() : legalAll);

        // Checks, givesCheck, and the mover's king safe after every move.
        int mover = pos.sideToMove();
        long key = pos.key();
        Set<Integer> checking = new HashSet<>();
        for (int m : legalAll) {
            boolean gives = pos.givesCheck(m);
            assertThat(pos.isLegal(m)).as("isLegal(%s) in %s", Move.usi(m), sfen).isTrue();
            pos.doMove(m);
            boolean check = pos.inCheck();
            int k = pos.kingSquare(mover);
            if (k != Position.NO_SQUARE) {
                assertThat(pos.isAttacked(pos.sideToMove(), k))
                        .as("own king attacked after %s in %s", Move.usi(m), sfen)
                        .isFalse();
                assertThat(BruteForce.attacked(BruteForce.Board.of(pos), k, pos.sideToMove()))
                        .as("own king attacked (brute force) after %s in %s", Move.usi(m), sfen).isFalse();
            }
            pos.undoMove();
            assertThat(gives).as("givesCheck(%s) vs doMove + inCheck in %s", Move.usi(m), sfen).isEqualTo(check);
            if (check) {
                checking.add(m);
            }
        }
        assertThat(pos.key()).as("key restored in %s", sfen).isEqualTo(key);
        Set<Integer> legalChecks = new HashSet<>(checking);
        legalChecks.retainAll(legal);
        assertThat(usi(set(gen.get(GenType.CHECKS)))).as("CHECKS in %s", sfen).isEqualTo(usi(legalChecks));
        assertThat(usi(set(gen.get(GenType.CHECKS_ALL)))).as("CHECKS_ALL in %s", sfen).isEqualTo(usi(checking));

        // Checkers and pinned pieces against brute force.
        int k = pos.kingSquare(mover);
        List<Integer> checkers = k == Position.NO_SQUARE ? List.of() : BruteForce.attackers(board, k, mover ^ 1);
        assertThat(pos.checkers().squares()).as("checkers in %s", sfen).isEqualTo(checkers);
        for (int c = 0; c < 2; c++) {
            assertThat(pos.pinned(Color.of(c)).squares()).as("pinned pieces of %d in %s", c, sfen)
                    .isEqualTo(BruteForce.pinned(board, c));
        }

        // isUchifuzume on every square, as if the side to move had a pawn in hand.
        if (!inCheck) {
            BruteForce.Board withPawn = board.copy();
            withPawn.hand[mover][PAWN]++;
            for (int sq = 0; sq < Square.COUNT; sq++) {
                boolean expected = board.sq[sq] == 0 && Square.relativeRank(mover, sq) > 1
                        && BruteForce.isPawnDropMate(withPawn, Move.drop(PAWN, sq, mover));
                assertThat(Rules.isUchifuzume(pos, sq)).as("isUchifuzume(%s) in %s", Square.name(sq), sfen)
                        .isEqualTo(expected);
            }
        }
    }

    /** Captures and quiets are disjoint, each is what it says, and together they make {@code all}. */
    private static void checkSplit(
            String sfen, Position pos, int[] captures, int[] quiets, Set<Integer> all, String name) {
        for (int m : captures) {
            assertThat(!Move.isDrop(m) && pos.pieceAt(Move.to(m)) != 0).as("capture %s in %s", Move.usi(m), sfen)
                    .isTrue();
        }
        for (int m : quiets) {
            assertThat(Move.isDrop(m) || pos.pieceAt(Move.to(m)) == 0).as("quiet %s in %s", Move.usi(m), sfen).isTrue();
        }
        Set<Integer> union = set(captures);
        union.addAll(set(quiets));
        assertThat(union).as("captures + quiets = %s in %s", name, sfen).hasSize(captures.length + quiets.length);
        assertThat(usi(union)).as("captures ∪ quiets = %s in %s", name, sfen).isEqualTo(usi(all));
    }

    /**
     * Whether a legal move is a non-promotion the plain types leave out: pawn, bishop or rook where promotion
     * is possible, or a lance to the second rank.
     */
    private static boolean isUselessNonPromotion(int m, int color) {
        if (Move.isDrop(m) || Move.isPromotion(m)) {
            return false;
        }
        int role = Piece.role(Move.piece(m));
        boolean zone = Square.inZone(color, Move.from(m)) || Square.inZone(color, Move.to(m));
        return (role == PAWN || role == BISHOP || role == ROOK) && zone
                || role == LANCE && Square.relativeRank(color, Move.to(m)) == 2;
    }

    /** isLegal over every conceivable move: each own piece to each square, promoting or not, and every drop. */
    private static void checkIsLegalOnEveryCandidate(String sfen) {
        Position pos = Fixtures.load(sfen);
        Set<Integer> legalAll = set(pos.legalMoves());
        int us = pos.sideToMove();
        int count = 0;
        for (int from = 0; from < Square.COUNT; from++) {
            int pc = pos.pieceAt(from);
            if (pc == 0) {
                continue;
            }
            for (int to = 0; to < Square.COUNT; to++) {
                if (to == from) {
                    continue;
                }
                for (boolean promote : new boolean[] {false, true}) {
                    int m = Move.normal(from, to, pc, promote);
                    boolean legal = Piece.color(pc) == us && legalAll.contains(m);
                    assertThat(pos.isLegal(m)).as("isLegal(%s) in %s", Move.usi(m), sfen).isEqualTo(legal);
                    count += legal ? 1 : 0;
                }
            }
        }
        for (int r = 1; r <= 7; r++) {
            for (int to = 0; to < Square.COUNT; to++) {
                int m = Move.drop(r, to, us);
                boolean legal = legalAll.contains(m);
                assertThat(pos.isLegal(m)).as("isLegal(%s) in %s", Move.usi(m), sfen).isEqualTo(legal);
                count += legal ? 1 : 0;
            }
        }
        assertThat(count).as("every legal move was among the candidates in %s", sfen).isEqualTo(legalAll.size());
        for (int special : new int[] {Move.NONE, Move.RESIGN, Move.WIN}) {
            assertThat(pos.isLegal(special)).as("isLegal(%s) in %s", Move.usi(special), sfen).isFalse();
        }
    }

    // ------------------------------------------------------------------ helpers

    private static Set<Integer> set(int[] moves) {
        Set<Integer> s = new HashSet<>();
        for (int m : moves) {
            s.add(m);
        }
        return s;
    }

    private static Set<String> usi(Collection<Integer> moves) {
        Set<String> out = new TreeSet<>();
        for (int m : moves) {
            out.add(Move.usi(m));
        }
        return out;
    }
}
