package dev.meijin.core.position;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;

/**
 * Repetition read from a position's own move stack: sennichite (千日手), perpetual check (連続王手の千日手) and
 * the same board with a dominating or dominated hand. Only positions with the same side to move can repeat,
 * so only every second stack entry is compared; a null move on the stack ends the scan, because the
 * positions before it were not reached by moves, and so does a capture given back
 * ({@link Position#returnCapture()}), because the hands before it are not those the moves since would give.
 * Allocates nothing.
 */
final class Repetition {
    private Repetition() {}

    /**
     * For search: the nearest earlier position, at most {@code maxPlies} plies back, with the same board and
     * side to move decides. The same hands too gives {@link RepetitionState#DRAW}, or {@link
     * RepetitionState#WIN}/{@link RepetitionState#LOSE} when every move of the opponent/of the side to move
     * since then gave check; a hand of the side to move that holds at least as much of every kind as then
     * gives {@link RepetitionState#SUPERIOR}, one that holds at most as much {@link RepetitionState#INFERIOR};
     * hands that are not comparable do not stop the scan.
     */
    static RepetitionState inTree(Position p, int maxPlies) {
        int sp = p.sp;
        int stop = Math.max(Math.max(0, sp - maxPlies), p.returnedTop + 1);
        long boardKey = p.boardKey, handKey = p.handKey;
        for (int i = sp - 2; i >= stop; i -= 2) {
            if (p.stMove[i + 1] == Move.NONE || p.stMove[i] == Move.NONE) {
                return RepetitionState.NONE;
            }
            if (p.stBoardKey[i] != boardKey) {
                continue;
            }
            if (p.stHandKey[i] == handKey) {
                return judge(p, i);
            }
            int now = p.hand[p.side], then = handThen(p, i);
            if (Hand.isSuperiorOrEqual(now, then)) {
                return RepetitionState.SUPERIOR;
            }
            if (Hand.isSuperiorOrEqual(then, now)) {
                return RepetitionState.INFERIOR;
            }
        }
        return RepetitionState.NONE;
    }

    /**
     * The stack index of the earliest of the last {@code occurrences} occurrences of the current position
     * (board, hands and side to move; the current one counts), or -1 if it has occurred fewer times.
     */
    static int since(Position p, int occurrences) {
        if (occurrences <= 1) {
            return p.sp;
        }
        int sp = p.sp, found = 1;
        long boardKey = p.boardKey, handKey = p.handKey;
        for (int i = sp - 2; i > p.returnedTop; i -= 2) {
            if (p.stMove[i + 1] == Move.NONE || p.stMove[i] == Move.NONE) {
                return -1;
            }
            if (p.stBoardKey[i] == boardKey && p.stHandKey[i] == handKey && ++found == occurrences) {
                return i;
            }
        }
        return -1;
    }

    /** How many times the current position occurs in the stack, the current one included. */
    static int occurrences(Position p) {
        int n = 1;
        for (int i = p.sp - 2; i > p.returnedTop; i -= 2) {
            if (p.stMove[i + 1] == Move.NONE || p.stMove[i] == Move.NONE) {
                break;
            }
            if (p.stBoardKey[i] == p.boardKey && p.stHandKey[i] == p.handKey) {
                n++;
            }
        }
        return n;
    }

    /**
     * The sennichite rule over the stack entries from {@code i} (the same position as now) to now: a draw,
     * unless exactly one side gave check with every one of its moves in between, which that side loses.
     */
    static RepetitionState judge(Position p, int i) {
        int sp = p.sp;
        boolean theyCheck = true, weCheck = true;
        for (int j = sp - 1; j > i; j -= 2) { // the opponent's moves; move j gave check if position j + 1 is in check
            if (!inCheckAfter(p, j)) {
                theyCheck = false;
                break;
            }
        }
        for (int j = sp - 2; j >= i; j -= 2) { // the side to move's moves
            if (!inCheckAfter(p, j)) {
                weCheck = false;
                break;
            }
        }
        if (theyCheck == weCheck) {
            return RepetitionState.DRAW;
        }
        return theyCheck ? RepetitionState.WIN : RepetitionState.LOSE;
    }

    private static boolean inCheckAfter(Position p, int j) {
        int k = j + 1;
        return k == p.sp ? (p.checkLo | p.checkHi) != 0 : (p.stCheckLo[k] | p.stCheckHi[k]) != 0;
    }

    /** The hand of the side to move as it was at stack index {@code i} (same side to move as now). */
    private static int handThen(Position p, int i) {
        int h = p.hand[p.side];
        for (int j = p.sp - 2; j >= i; j -= 2) { // our moves, taken back one by one
            int m = p.stMove[j];
            if (Move.isDrop(m)) {
                h += Hand.one(Move.dropRole(m));
            } else if (p.stCaptured[j] != 0) {
                h -= Hand.one(p.stCaptured[j] & 7);
            }
        }
        return h;
    }
}
