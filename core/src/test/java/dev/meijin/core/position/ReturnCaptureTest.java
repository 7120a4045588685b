package dev.meijin.core.position;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Fixtures;
import dev.meijin.core.Hand;
import dev.meijin.core.Role;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import org.junit.jupiter.api.Test;

/**
 * {@link Position#returnCapture()}: after a rook takes an interposed pawn, the pawn goes back to the defender's
 * hand, and the position is the one where the rook simply stands on the pawn's square.
 */
class ReturnCaptureTest {
    /** Sente's rook on 9a checks the king on 1a; gote interposes a pawn on 5a, which the rook takes. */
    private static final String CHECK = "R7k/9/9/9/9/9/9/9/K8 w Pp 1";

    private static Position afterCapture() {
        Position pos = Fixtures.load(CHECK);
        pos.doMove(Usi.parseMove(pos, "P*5a"));
        pos.doMove(Usi.parseMove(pos, "9a5a"));
        return pos;
    }

    @Test
    void thePieceGoesBackAndTheKeyIsThatOfThePositionWithoutTheDrop() {
        Position pos = afterCapture();
        assertThat(Hand.count(pos.hand(0), Role.PAWN.code())).isEqualTo(2);
        long before = pos.key();
        pos.returnCapture();
        Position direct = Fixtures.load("4R3k/9/9/9/9/9/9/9/K8 w Pp 1");
        assertThat(pos.hand(0)).isEqualTo(direct.hand(0));
        assertThat(pos.hand(1)).isEqualTo(direct.hand(1));
        assertThat(pos.key()).isEqualTo(direct.key());
        assertThat(pos.boardKey()).isEqualTo(direct.boardKey());
        assertThat(pos.inCheck()).isTrue();
        assertThat(pos.lastCaptured()).isEqualTo(Role.PAWN.code() | 1 << 4);
        // Moves are generated for the hands as given back: gote can drop its pawn again.
        assertThat(pos.isLegal(Usi.parseMove(pos, "P*2a"))).isTrue();
        pos.undoReturnCapture();
        assertThat(pos.key()).isEqualTo(before);
        assertThat(Hand.count(pos.hand(0), Role.PAWN.code())).isEqualTo(2);
        pos.undoMove();
        pos.undoMove();
        assertThat(Sfen.format(pos.toSetup())).isEqualTo(CHECK);
    }

    @Test
    void capturesGivenBackNestAndUndoInOrder() {
        Position pos = afterCapture();
        pos.returnCapture();
        long outer = pos.key();
        pos.doMove(Usi.parseMove(pos, "P*3a"));
        pos.doMove(Usi.parseMove(pos, "5a3a"));
        pos.returnCapture();
        assertThat(pos.key()).isEqualTo(Fixtures.load("6R1k/9/9/9/9/9/9/9/K8 w Pp 1").key());
        pos.undoReturnCapture();
        pos.undoMove();
        pos.undoMove();
        assertThat(pos.key()).isEqualTo(outer);
        pos.undoReturnCapture();
        pos.undoMove();
        pos.undoMove();
        assertThat(pos.key()).isEqualTo(Fixtures.load(CHECK).key());
    }

    @Test
    void misuseIsRefusedWithoutChangingThePosition() {
        Position pos = afterCapture();
        pos.returnCapture();
        long key = pos.key();
        assertThatThrownBy(pos::undoMove).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("undoReturnCapture");
        assertThatThrownBy(pos::returnCapture).isInstanceOf(IllegalStateException.class);
        assertThat(pos.key()).isEqualTo(key);
        pos.undoReturnCapture();
        assertThatThrownBy(pos::undoReturnCapture).isInstanceOf(IllegalStateException.class);
        Position start = Fixtures.load(CHECK);
        start.doMove(Usi.parseMove(start, "P*5a"));
        assertThatThrownBy(start::returnCapture).as("a drop captures nothing")
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void repetitionDoesNotLookPastACaptureGivenBack() {
        // After the capture is given back, the rook walks 5a-5b-5a and the king 1a-1b-1a: the board and hands
        // repeat within the moves since, which counts.
        Position pos = afterCapture();
        pos.returnCapture();
        for (String m : new String[] {"1a1b", "5a5b", "1b1a", "5b5a"}) {
            pos.doMove(Usi.parseMove(pos, m));
        }
        assertThat(pos.occurrences()).isEqualTo(2);
        assertThat(pos.repetition(16)).isEqualTo(RepetitionState.WIN); // sente checked with every move since
        assertThat(pos.repetitionStart(2)).isEqualTo(2);
    }
}
