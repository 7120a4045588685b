package dev.meijin.core.position;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Bitboard;
import dev.meijin.core.Color;
import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.sfen.Sfen;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random playouts: after every {@code doMove} (both forms, in turn: with and without the check status
 * given) and every {@code undoMove} the incrementally kept state (and the board key {@code boardKeyAfter}
 * predicts for the move) (board, hands, side, keys, checkers) equals
 * that of a position built afresh from the SFEN; copies are
 * independent; taking every move back restores the start exactly; SFEN text round-trips.
 */
class PlayoutTest {

    private static final int GAMES = 200;
    private static final int MAX_PLIES = 300;

    static LongStream seeds() {
        return LongStream.range(0, GAMES);
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("seeds")
    void playoutFromStartpos(long seed) {
        playout(Sfen.STARTPOS, seed);
    }

    static Stream<String> perftPositions() {
        return Fixtures.perftSfens().stream();
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("perftPositions")
    void playoutFromPerftPosition(String sfen) {
        playout(sfen, sfen.hashCode());
        assertThat(Sfen.format(Sfen.parse(Sfen.format(Fixtures.load(sfen))))).as("round trip of %s", sfen)
                .isEqualTo(canonical(sfen));
    }

    private static void playout(String startSfen, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Position pos = Fixtures.load(startSfen);
        String start = Sfen.format(pos);
        long startKey = pos.key();
        assertThat(start).as("format(parse(s)) of %s", startSfen).isEqualTo(canonical(startSfen));
        List<String> sfens = new ArrayList<>();
        List<Long> keys = new ArrayList<>();
        List<Boolean> checks = new ArrayList<>();
        sfens.add(start);
        keys.add(startKey);
        checks.add(pos.inCheck());
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            int m = Fixtures.pickMove(pos, rnd);
            if (m == Move.NONE) {
                assertThat(pos.hasNoLegalMove()).as("no move in %s", Sfen.format(pos)).isTrue();
                break;
            }
            long keyAfter = pos.boardKeyAfter(m);
            if ((ply & 1) == 0) {
                pos.doMove(m);
            } else {
                pos.doMove(m, pos.givesCheck(m)); // the search's form: the checkers set from the known check status
            }
            String sfen = Sfen.format(pos);
            assertSameAsFresh(pos, sfen, "after " + Move.usi(m));
            assertThat(keyAfter).as("boardKeyAfter(%s) before %s", Move.usi(m), sfen).isEqualTo(pos.boardKey());
            assertThat(pos.lastMove()).as("lastMove in %s", sfen).isEqualTo(m);
            assertThat(pos.moveAt(ply)).as("moveAt(%d) in %s", ply, sfen).isEqualTo(m);
            assertThat(pos.plies()).as("plies in %s", sfen).isEqualTo(ply + 1);
            sfens.add(sfen);
            keys.add(pos.key());
            checks.add(pos.inCheck());
            if (ply % 50 == 25) {
                checkCopyIsIndependent(pos, rnd);
            }
        }
        int plies = pos.plies();
        for (int i = 0; i <= plies; i++) {
            assertThat(pos.keyAt(i)).as("keyAt(%d) in %s", i, sfens.get(i)).isEqualTo(keys.get(i));
            assertThat(pos.inCheckAt(i)).as("inCheckAt(%d) in %s", i, sfens.get(i)).isEqualTo(checks.get(i));
        }
        for (int i = plies - 1; i >= 0; i--) {
            pos.undoMove();
            assertThat(Sfen.format(pos)).as("undo to ply %d from %s", i, sfens.get(i + 1)).isEqualTo(sfens.get(i));
            assertSameAsFresh(pos, sfens.get(i), "after undo to ply " + i);
            assertThat(pos.key()).as("key after undo to ply %d, %s", i, sfens.get(i)).isEqualTo(keys.get(i));
        }
        assertThat(Sfen.format(pos)).as("start restored from %s", startSfen).isEqualTo(start);
        assertThat(pos.key()).as("start key restored for %s", startSfen).isEqualTo(startKey);
        assertThat(pos.plies()).as("move stack empty for %s", startSfen).isZero();
        assertThat(pos.lastMove()).as("no last move for %s", startSfen).isEqualTo(Move.NONE);
        assertThatThrownBy(pos::undoMove).as(startSfen).isInstanceOf(IllegalStateException.class);
    }

    /**
     * The incremental state equals that of a position built from the SFEN text, and the keys equal those
     * summed here from the Zobrist tables. In playouts from mate problems the side not to move may have no
     * king, which no constructor accepts; there the keys are recomputed and the checkers are the attackers
     * of the king found afresh.
     */
    private static void assertSameAsFresh(Position pos, String sfen, String when) {
        Setup setup = Sfen.parse(sfen);
        assertThat(pos.toSetup()).as("setup %s: %s", when, sfen).isEqualTo(setup);
        long[] keys = zobrist(setup);
        assertThat(pos.boardKey()).as("board key from the tables %s: %s", when, sfen).isEqualTo(keys[0]);
        assertThat(pos.handKey()).as("hand key from the tables %s: %s", when, sfen).isEqualTo(keys[1]);
        assertThat(pos.key()).as("key from the tables %s: %s", when, sfen).isEqualTo(keys[0] ^ keys[1]);
        int them = pos.sideToMove() ^ 1;
        if (pos.kingSquare(them) == Position.NO_SQUARE) {
            int k = pos.kingSquare(pos.sideToMove());
            assertThat(pos.checkers()).as("checkers %s: %s", when, sfen)
                    .isEqualTo(k == Position.NO_SQUARE ? Bitboard.EMPTY : pos.attackers(Color.of(them), k));
            return;
        }
        Position fresh = Fixtures.load(sfen);
        assertThat(Sfen.format(fresh)).as("round trip %s: %s", when, sfen).isEqualTo(sfen);
        assertThat(pos.key()).as("key %s: %s", when, sfen).isEqualTo(fresh.key());
        assertThat(pos.boardKey()).as("board key %s: %s", when, sfen).isEqualTo(fresh.boardKey());
        assertThat(pos.handKey()).as("hand key %s: %s", when, sfen).isEqualTo(fresh.handKey());
        assertThat(pos.checkers()).as("checkers %s: %s", when, sfen).isEqualTo(fresh.checkers());
        assertThat(pos.inCheck()).as("inCheck %s: %s", when, sfen).isEqualTo(fresh.inCheck());
        assertThat(pos.sideToMove()).as("side %s: %s", when, sfen).isEqualTo(fresh.sideToMove());
        assertThat(pos.occupied()).as("occupancy %s: %s", when, sfen).isEqualTo(fresh.occupied());
        for (Color c : Color.values()) {
            assertThat(pos.kingSquare(c.index())).as("king of %s %s: %s", c, when, sfen)
                    .isEqualTo(fresh.kingSquare(c.index()));
            assertThat(pos.hand(c.index())).as("hand of %s %s: %s", c, when, sfen).isEqualTo(fresh.hand(c.index()));
            assertThat(pos.pieces(c)).as("pieces of %s %s: %s", c, when, sfen).isEqualTo(fresh.pieces(c));
            assertThat(pos.pinned(c)).as("pinned of %s %s: %s", c, when, sfen).isEqualTo(fresh.pinned(c));
            for (Role r : Role.values()) {
                assertThat(pos.pieces(c, r)).as("%s %s %s: %s", c, r, when, sfen).isEqualTo(fresh.pieces(c, r));
            }
        }
    }

    /** A copy plays on without touching the original, and the original plays on without touching the copy. */
    private static void checkCopyIsIndependent(Position pos, SplittableRandom rnd) {
        String sfen = Sfen.format(pos);
        long key = pos.key();
        int plies = pos.plies();
        Position copy = pos.copy();
        assertThat(Sfen.format(copy)).as("copy of %s", sfen).isEqualTo(sfen);
        assertThat(copy.key()).as("copy key of %s", sfen).isEqualTo(key);
        assertThat(copy.plies()).as("copy keeps the move stack of %s", sfen).isEqualTo(plies);
        int m = Fixtures.pickMove(copy, rnd);
        if (m == Move.NONE) {
            return;
        }
        copy.doMove(m);
        copy.undoMove();
        copy.undoMove(); // into the shared history: the copy's stack is its own
        assertThat(Sfen.format(pos)).as("original unchanged by the copy's moves, %s", sfen).isEqualTo(sfen);
        assertThat(pos.key()).as("original key unchanged, %s", sfen).isEqualTo(key);
        assertThat(pos.plies()).as("original stack unchanged, %s", sfen).isEqualTo(plies);
        String copySfen = Sfen.format(copy);
        pos.doMove(m);
        assertThat(Sfen.format(copy)).as("copy unchanged by the original's move, %s", sfen).isEqualTo(copySfen);
        pos.undoMove();
        assertThat(Sfen.format(pos)).as("%s", sfen).isEqualTo(sfen);
    }

    /** Board key (pieces and side to move) and additive hand key, summed from the Zobrist tables. */
    private static long[] zobrist(Setup s) {
        long board = s.turn() == Color.GOTE ? Zobrist.SIDE : 0;
        for (int sq = 0; sq < 81; sq++) {
            if (s.piece(sq) != 0) {
                board ^= Zobrist.PSQ[s.piece(sq) * 81 + sq];
            }
        }
        long hand = 0;
        for (int i = 0; i < 16; i++) {
            hand += s.hands().get(i) * Zobrist.HAND[i];
        }
        return new long[] {board, hand};
    }

    @Test
    void playTryPlayAndEncode() {
        Position pos = Position.startpos();
        String start = Sfen.format(pos);
        assertThat(pos.key()).as(start).isEqualTo(Sfen.position(Sfen.STARTPOS).key());
        MoveOrDrop illegal = new MoveOrDrop.BoardMove(Square.parse("7g"), Square.parse("7e"), false);
        assertThat(pos.encode(illegal)).as(start).isEqualTo(Move.NONE);
        assertThat(pos.tryPlay(illegal)).as(start).isFalse();
        assertThatThrownBy(() -> pos.play(illegal)).as(start).isInstanceOf(IllegalMoveException.class)
                .hasMessageContaining("7g7e").hasMessageContaining(start);
        MoveOrDrop empty = new MoveOrDrop.BoardMove(Square.parse("5e"), Square.parse("5d"), false);
        assertThat(pos.tryPlay(empty)).as(start).isFalse();
        MoveOrDrop theirs = new MoveOrDrop.BoardMove(Square.parse("3c"), Square.parse("3d"), false);
        assertThat(pos.tryPlay(theirs)).as(start).isFalse();
        assertThat(pos.tryPlay(new MoveOrDrop.Drop(Role.PAWN, Square.parse("5e")))).as(start).isFalse();
        assertThat(Sfen.format(pos)).as("refused moves leave %s alone", start).isEqualTo(start);

        pos.play(new MoveOrDrop.BoardMove(Square.parse("7g"), Square.parse("7f"), false));
        assertThat(pos.tryPlay(new MoveOrDrop.BoardMove(Square.parse("3c"), Square.parse("3d"), false))).as(start).isTrue();
        assertThat(Sfen.format(pos)).as(start)
                .isEqualTo("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
        assertThat(pos.plies()).as(Sfen.format(pos)).isEqualTo(2);
        assertThat(pos.moveNumber()).as(Sfen.format(pos)).isEqualTo(3);
    }

    @Test
    void setupRoundTripsThroughThePosition() {
        for (String sfen : Fixtures.perftSfens()) {
            Position pos = Fixtures.load(sfen);
            assertThat(Sfen.format(pos.toSetup())).as(sfen).isEqualTo(Sfen.format(pos));
            assertThat(pos.toSetup()).as(sfen).isEqualTo(Sfen.parse(Sfen.format(pos)));
        }
    }

    /**
     * The canonical form of an SFEN, computed here independently of the formatter: hand pieces merged and
     * written R B G S N L P, sente first, counts before letters, {@code -} for none.
     */
    static String canonical(String sfen) {
        String[] f = sfen.trim().split(" +");
        int[] counts = new int[128];
        int n = 0;
        if (!f[2].equals("-")) {
            for (char ch : f[2].toCharArray()) {
                if (Character.isDigit(ch)) {
                    n = n * 10 + (ch - '0');
                } else {
                    counts[ch] += n == 0 ? 1 : n;
                    n = 0;
                }
            }
        }
        StringBuilder hand = new StringBuilder();
        for (char ch : "RBGSNLPrbgsnlp".toCharArray()) {
            if (counts[ch] > 1) {
                hand.append(counts[ch]);
            }
            if (counts[ch] > 0) {
                hand.append(ch);
            }
        }
        return f[0] + " " + f[1] + " " + (hand.isEmpty() ? "-" : hand) + " " + (f.length > 3 ? f[3] : "1");
    }

    @Test
    void canonicalFormOfNonCanonicalHands() {
        String sfen = "4k4/9/9/9/9/9/9/9/4K4 b SPbslpppp 1";
        assertThat(Sfen.format(Sfen.parse(sfen))).as(sfen).isEqualTo("4k4/9/9/9/9/9/9/9/4K4 b SPbsl4p 1");
        assertThat(canonical(sfen)).as(sfen).isEqualTo("4k4/9/9/9/9/9/9/9/4K4 b SPbsl4p 1");
    }
}
