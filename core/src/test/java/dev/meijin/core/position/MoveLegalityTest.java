package dev.meijin.core.position;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.sfen.Sfen;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Position#isLegal(int)} and {@link Position#isPseudoLegal(int)} against the move generator, on the
 * perft positions and seeded playouts: every generated move is legal and pseudo-legal; moves of other
 * positions, near-miss moves built from the board (right piece, random destination and flags) and random
 * ints are legal exactly when the generator produces them; a pseudo-legal move that is not legal leaves the
 * mover's king attacked or is a mating pawn drop.
 */
class MoveLegalityTest {

    @Test
    void agreesWithTheGenerator() {
        List<String> sfens = new ArrayList<>();
        for (String sfen : Fixtures.perftSfens()) {
            sfens.addAll(Fixtures.playoutSfens(sfen, sfen.hashCode(), 40));
        }
        for (long seed = 0; seed < 20; seed++) {
            sfens.addAll(Fixtures.playoutSfens(Sfen.STARTPOS, seed, 120));
        }
        sfens.removeIf(s -> !CheckGeneratorTest.loadable(s));
        SplittableRandom rnd = new SplittableRandom(8);
        int[] counts = new int[4]; // legal, pseudo-legal only, rejected, uchifuzume
        for (String sfen : sfens) {
            Position pos = Fixtures.load(sfen);
            int[] legalMoves = pos.legalMoves();
            Set<Integer> legal = new HashSet<>();
            for (int m : legalMoves) {
                legal.add(m);
            }
            List<Integer> candidates = new ArrayList<>(legal);
            for (int i = 0; i < 4; i++) {
                Position other = Fixtures.load(sfens.get(rnd.nextInt(sfens.size())));
                for (int m : other.legalMoves()) {
                    candidates.add(m);
                }
            }
            for (int i = 0; i < 300; i++) {
                candidates.add(nearMiss(pos, rnd));
            }
            for (int i = 0; i < 50; i++) {
                candidates.add(rnd.nextInt());
                candidates.add(rnd.nextInt(1 << 21));
            }
            for (int m : candidates) {
                boolean isLegal = legal.contains(m);
                assertThat(pos.isLegal(m)).as("isLegal(%s) in %s", text(m), sfen).isEqualTo(isLegal);
                boolean pseudo = pos.isPseudoLegal(m);
                if (isLegal) {
                    assertThat(pseudo).as("pseudo-legal %s in %s", Move.usi(m), sfen).isTrue();
                    counts[0]++;
                } else if (pseudo) {
                    int us = pos.sideToMove();
                    boolean uchifuzume = Move.isDrop(m) && Move.dropRole(m) == 1 && Rules.isUchifuzume(pos, Move.to(m));
                    Position after = pos.copy();
                    after.doMove(m);
                    boolean exposed = after.kingSquare(us) != Position.NO_SQUARE && after.isAttacked(us ^ 1, after.kingSquare(us));
                    assertThat(exposed || uchifuzume).as("pseudo-legal but illegal %s in %s", Move.usi(m), sfen).isTrue();
                    counts[uchifuzume ? 3 : 1]++;
                } else {
                    counts[2]++;
                }
            }
            assertThat(Sfen.format(pos)).as("unchanged").isEqualTo(Sfen.format(Fixtures.load(sfen)));
        }
        // The positions and candidates are fixed (seeded playouts, which pick from the generator's move order,
        // and seeded near misses); the split is the generator's list and the exposed-king check above.
        assertThat(counts).as("legal, pseudo-legal with the king exposed, rejected, mating pawn drops").containsExactly(1_515_298, 99_589, 10_314_398, 15);
    }

    private static String text(int m) {
        try {
            return Move.usi(m) + " = 0x" + Integer.toHexString(m);
        } catch (RuntimeException e) {
            return "0x" + Integer.toHexString(m);
        }
    }

    /** A move of a piece of the board or the hand with a random destination and flags, mostly well-formed. */
    private static int nearMiss(Position pos, SplittableRandom rnd) {
        int to = rnd.nextInt(10) == 0 ? rnd.nextInt(128) : rnd.nextInt(81);
        int promote = rnd.nextInt(3) == 0 ? Move.PROMOTE_FLAG : 0;
        if (rnd.nextInt(4) == 0) {
            int role = 1 + rnd.nextInt(8);
            int piece = rnd.nextInt(8) == 0 ? rnd.nextInt(32) : Piece.of(pos.sideToMove(), role);
            return to | (role << 7) | Move.DROP_FLAG | promote | (piece << 16);
        }
        int from = rnd.nextInt(81);
        for (int tries = 0; tries < 20 && (pos.pieceAt(from) == 0 || Piece.color(pos.pieceAt(from)) != pos.sideToMove()); tries++) {
            from = rnd.nextInt(81);
        }
        int piece = rnd.nextInt(8) == 0 ? rnd.nextInt(32) : pos.pieceAt(from);
        return to | (from << 7) | promote | (piece << 16);
    }
}
