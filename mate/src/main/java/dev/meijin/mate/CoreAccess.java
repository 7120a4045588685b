package dev.meijin.mate;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;

/**
 * Every call the solver makes into the rules core, in one place, so that faster core primitives (a dedicated
 * check generator, a one-ply mate test) replace these without touching the search.
 *
 * <p>Both generators include the non-promotions that a game never needs (pawn, bishop and rook moves that
 * could promote): some mate problems turn on exactly such a move (to avoid a pawn-drop mate, for instance).
 */
final class CoreAccess {
    /** The bits of an int move that identify it (destination, origin, flags, moving piece). */
    private static final int MOVE_BITS = (1 << 21) - 1;

    private CoreAccess() {}

    /** The attacker's checking moves (legal, non-promotions included) into {@code buf} from {@code start}. */
    static int checks(Position pos, int[] buf, int start) {
        return pos.generate(GenType.CHECKS_ALL, buf, start);
    }

    /** The defender's legal replies (all evasions, since the defender is in check). */
    static int evasions(Position pos, int[] buf, int start) {
        return pos.generate(GenType.EVASIONS_ALL, buf, start);
    }

    /**
     * Whether the defender, in check, has a legal reply that is not a drop; decided without generating the
     * replies. When it has, the position is neither mate nor a position of futile drops only.
     */
    static boolean hasNonDropEvasion(Position pos) {
        return pos.hasNonDropEvasion();
    }

    /**
     * The attacker's checks after which the defender has no reply but drops (the mates among them), in the
     * order of {@link #checks}, into {@code buf} from {@code start}; decided mostly without playing them.
     */
    static int checksLeavingOnlyDrops(Position pos, int[] buf, int start) {
        return pos.checksLeavingOnlyDrops(buf, start);
    }

    /**
     * The defender's legal replies with one drop per square (the strongest piece): enough to count the replies
     * with drops on one square counted once, and to tell whether there is any.
     */
    static int evasionsOneDropPerSquare(Position pos, int[] buf, int start) {
        return pos.generate(GenType.EVASIONS_ALL_ONE_DROP_PER_SQUARE, buf, start);
    }

    /** Whether a proof with hand {@code proofHand} applies to a position where the attacker holds {@code hand}. */
    static boolean covers(int hand, int proofHand) {
        return Hand.isSuperiorOrEqual(hand, proofHand);
    }

    /**
     * Whether the single check on the side to move can be blocked by a drop: one checker, on a line with the
     * king, with at least one square between them.
     */
    static boolean canInterpose(Position pos) {
        long lo = pos.checkersLo(), hi = pos.checkersHi();
        if (Long.bitCount(lo) + Long.bitCount(hi) != 1) {
            return false;
        }
        int c = lo != 0 ? Long.numberOfTrailingZeros(lo) : 63 + Long.numberOfTrailingZeros(hi);
        int k = pos.kingSquare(pos.sideToMove());
        int df = Square.file(c) - Square.file(k), dr = Square.rank(c) - Square.rank(k);
        boolean aligned = df == 0 || dr == 0 || Math.abs(df) == Math.abs(dr);
        return aligned && Math.max(Math.abs(df), Math.abs(dr)) > 1;
    }

    /**
     * Whether {@code move} leaves a pawn, bishop or rook unpromoted while the same move with promotion is in
     * {@code moves[0..n)}: the promoted piece attacks every square the unpromoted one does, so the
     * non-promotion is useful only where a weaker piece is wanted (a pawn-drop mate to avoid).
     */
    static boolean isDominatedNonPromotion(int move, int[] moves, int n) {
        if (Move.isDrop(move) || Move.isPromotion(move)) {
            return false;
        }
        int role = Move.piece(move) & 15;
        if (role != Role.PAWN.code() && role != Role.BISHOP.code() && role != Role.ROOK.code()) {
            return false;
        }
        int promoted = (move | Move.PROMOTE_FLAG) & MOVE_BITS;
        for (int i = 0; i < n; i++) {
            if ((moves[i] & MOVE_BITS) == promoted) {
                return true;
            }
        }
        return false;
    }

    /** The attacker's hand {@code hand} after the attacker's move {@code move} (a drop spends, a capture adds). */
    static int attackerHandAfter(Position pos, int move, int hand) {
        if (Move.isDrop(move)) {
            return hand - Hand.one(Move.dropRole(move));
        }
        int cap = pos.pieceAt(Move.to(move));
        return cap == 0 ? hand : hand + Hand.one(cap & 7);
    }

    /** The role code (1–7) that a captured piece becomes in hand, or 0 if the move captures nothing. */
    static int capturedHandRole(Position pos, int move) {
        if (Move.isDrop(move)) {
            return 0;
        }
        int cap = pos.pieceAt(Move.to(move));
        return cap == 0 ? 0 : cap & 7;
    }
}
