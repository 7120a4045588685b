package dev.meijin.core.position;

import dev.meijin.core.Bitboard;
import dev.meijin.core.Color;
import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.sfen.Sfen;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A mutable shogi position: board, hands, side to move, and a stack of the moves played on it, which
 * {@link #undoMove()} takes back. A position belongs to one thread; {@link #copy()} is explicit.
 *
 * <p>Three ways to play a move: {@link #play(MoveOrDrop)} throws {@link IllegalMoveException} on an
 * illegal move, {@link #tryPlay(MoveOrDrop)} returns {@code false} instead, and {@link #doMove(int)} is
 * unchecked: it is for search, perft and the mate solver, which only play moves the generator produced.
 * {@code doMove} and {@code undoMove} allocate nothing (the state stack grows only when a game gets longer
 * than any before on this object).
 *
 * <p>Keys: {@link #key()} combines the board key (pieces and side to move) with the additive hand key.
 * Positions have no {@code equals}; compare {@link #key()} or the SFEN.
 *
 * {@snippet :
 * Position pos = Position.startpos();
 * int[] moves = new int[Position.MAX_MOVES];
 * int n = pos.generate(GenType.LEGAL_ALL, moves, 0); // 30
 * pos.doMove(moves[0]);
 * pos.undoMove();
 * }
 */
public final class Position {
    /** Enough room for the moves of any legal position (the known maximum is 593). */
    public static final int MAX_MOVES = 600;

    private static final int LEGAL_ALL_FLAGS = GenType.LEGAL_ALL.flags;

    /** No king: the attacker of a tsume position may have none. */
    public static final int NO_SQUARE = 81;

    // Board state.
    final int[] board = new int[81];
    /** Pieces by role code (both colours). */
    final long[] roleLo = new long[16], roleHi = new long[16];
    final long[] colorLo = new long[2], colorHi = new long[2];
    long occLo, occHi;
    final int[] hand = new int[2];
    final int[] kingSq = {NO_SQUARE, NO_SQUARE};
    int side;
    int startMoveNumber = 1;
    long boardKey, handKey;
    long checkLo, checkHi;

    // Undo stack: entry i describes the move that led from state i to state i + 1.
    int sp;
    int[] stMove = new int[256], stCaptured = new int[256];
    long[] stBoardKey = new long[256], stHandKey = new long[256], stCheckLo = new long[256], stCheckHi = new long[256];

    // Scratch results of attack computations (a position belongs to one thread): see AttackQueries.
    long aLo, aHi;
    private final int[] scratch = new int[MAX_MOVES];

    private Position() {}

    // ------------------------------------------------------------------ construction

    /** The even-game starting position. */
    public static Position startpos() {
        return of(Setups.STARTPOS);
    }

    /**
     * A position from a setup, after checking every rule a position must satisfy.
     *
     * @throws IllegalPositionException listing every {@link PositionIssue} found
     */
    public static Position of(Setup setup) {
        return of(setup, false);
    }

    /**
     * Like {@link #of(Setup)}, but one side (the attacker of a mate problem) may have no king, whichever side
     * is to move: the attacker before its move or the defender after it.
     *
     * @throws IllegalPositionException listing every {@link PositionIssue} found
     */
    public static Position ofTsume(Setup setup) {
        return of(setup, true);
    }

    /**
     * A position for a game record or a composed problem: like {@link #ofTsume(Setup)}, but two unpromoted
     * pawns of one side on a file ({@link PositionIssue#NIFU}) and pieces that can never move again
     * ({@link PositionIssue#DEAD_PIECE}) are accepted, because some composed problems have them (the "nine
     * pawns" problem puts nine pawns on one file). From here on the rules apply as usual: no pawn can be
     * dropped on a file that holds one.
     *
     * @throws IllegalPositionException listing the other issues found (kings, piece counts, the side not to
     *     move in check)
     */
    public static Position ofRecord(Setup setup) {
        List<SetupValidator.Finding> findings = SetupValidator.check(setup, true);
        findings.removeIf(f -> f.issue() == PositionIssue.NIFU || f.issue() == PositionIssue.DEAD_PIECE);
        if (!findings.isEmpty()) {
            throw SetupValidator.failure(findings);
        }
        return load(setup);
    }

    private static Position of(Setup setup, boolean tsume) {
        List<SetupValidator.Finding> findings = SetupValidator.check(setup, tsume);
        if (!findings.isEmpty()) {
            throw SetupValidator.failure(findings);
        }
        return load(setup);
    }

    /**
     * The issues of a setup, for editors that show them without throwing; empty if it is legal.
     *
     * @param tsume whether one side may lack a king, as in {@link #ofTsume(Setup)}
     */
    public static Set<PositionIssue> validate(Setup setup, boolean tsume) {
        return SetupValidator.issues(SetupValidator.check(setup, tsume));
    }

    /** The pieces of a setup on an empty position (no hands, no checkers), for validation. */
    static Position boardOf(Setup setup) {
        Position p = new Position();
        for (int sq = 0; sq < 81; sq++) {
            int pc = setup.piece(sq);
            if (pc != 0) {
                p.put(pc, sq);
            }
        }
        p.side = setup.turn().index();
        return p;
    }

    /** The position of a setup that satisfies the rules (or those the caller chose to check). */
    static Position load(Setup setup) {
        Position p = boardOf(setup);
        for (int c = 0; c < 2; c++) {
            for (int r = 1; r <= 7; r++) {
                int n = setup.hands().get(c * 8 + r);
                p.hand[c] = Hand.add(p.hand[c], r, n);
                p.handKey += n * Zobrist.HAND[c * 8 + r];
            }
        }
        if (p.side == 1) {
            p.boardKey ^= Zobrist.SIDE;
        }
        p.startMoveNumber = setup.moveNumber();
        AttackQueries.computeCheckers(p);
        return p;
    }

    /** An independent copy of this position, with its move stack. */
    public Position copy() {
        Position p = new Position();
        System.arraycopy(board, 0, p.board, 0, 81);
        System.arraycopy(roleLo, 0, p.roleLo, 0, 16);
        System.arraycopy(roleHi, 0, p.roleHi, 0, 16);
        System.arraycopy(colorLo, 0, p.colorLo, 0, 2);
        System.arraycopy(colorHi, 0, p.colorHi, 0, 2);
        p.occLo = occLo;
        p.occHi = occHi;
        p.hand[0] = hand[0];
        p.hand[1] = hand[1];
        p.kingSq[0] = kingSq[0];
        p.kingSq[1] = kingSq[1];
        p.side = side;
        p.startMoveNumber = startMoveNumber;
        p.boardKey = boardKey;
        p.handKey = handKey;
        p.checkLo = checkLo;
        p.checkHi = checkHi;
        p.sp = sp;
        p.stMove = stMove.clone();
        p.stCaptured = stCaptured.clone();
        p.stBoardKey = stBoardKey.clone();
        p.stHandKey = stHandKey.clone();
        p.stCheckLo = stCheckLo.clone();
        p.stCheckHi = stCheckHi.clone();
        p.returnedTop = returnedTop;
        return p;
    }

    /** The setup (plain data) of the current position, with the move number advanced by the moves played. */
    public Setup toSetup() {
        List<Integer> b = new ArrayList<>(81);
        for (int sq = 0; sq < 81; sq++) {
            b.add(board[sq]);
        }
        List<Integer> h = new ArrayList<>(16);
        for (int c = 0; c < 2; c++) {
            for (int r = 0; r < 8; r++) {
                h.add(r == 0 ? 0 : Hand.count(hand[c], r));
            }
        }
        return new Setup(b, h, Color.of(side), moveNumber());
    }

    // ------------------------------------------------------------------ queries

    /** The side to move: 0 sente, 1 gote. */
    public int sideToMove() {
        return side;
    }

    public Color turn() {
        return Color.of(side);
    }

    /** The piece code on a square (0 if empty). */
    public int pieceAt(int sq) {
        return board[sq];
    }

    /** The packed {@link Hand} of a colour index. */
    public int hand(int color) {
        return hand[color];
    }

    public int handCount(Color color, Role role) {
        return role.isHandRole() ? Hand.count(hand[color.index()], role.code()) : 0;
    }

    /** The king square of a colour index, or {@link #NO_SQUARE}. */
    public int kingSquare(int color) {
        return kingSq[color];
    }

    /** The position key: board key (with side to move) combined with the hand key. */
    public long key() {
        return boardKey ^ handKey;
    }

    public long boardKey() {
        return boardKey;
    }

    public long handKey() {
        return handKey;
    }

    /** Number of moves played on this object since it was set up (the depth of the undo stack). */
    public int plies() {
        return sp;
    }

    /** The SFEN move number: the set-up move number plus the moves played. */
    public int moveNumber() {
        return startMoveNumber + sp;
    }

    /** The int move played at a stack index ({@code 0 ≤ i < plies()}). */
    public int moveAt(int i) {
        return stMove[i];
    }

    /** The key of the position before the move at stack index {@code i}; {@code keyAt(plies())} is {@link #key()}. */
    public long keyAt(int i) {
        return i == sp ? key() : stBoardKey[i] ^ stHandKey[i];
    }

    /** Whether the side to move was in check in the position at stack index {@code i} (see {@link #keyAt}). */
    public boolean inCheckAt(int i) {
        return i == sp ? inCheck() : (stCheckLo[i] | stCheckHi[i]) != 0;
    }

    /** The last move played, or {@link Move#NONE}. */
    public int lastMove() {
        return sp == 0 ? Move.NONE : stMove[sp - 1];
    }

    /** The piece captured by the last move (0 if none). */
    public int lastCaptured() {
        return sp == 0 ? 0 : stCaptured[sp - 1] & ~RETURNED;
    }

    public boolean inCheck() {
        return (checkLo | checkHi) != 0;
    }

    /** The pieces giving check to the side to move. */
    public Bitboard checkers() {
        return new Bitboard(checkLo, checkHi);
    }

    public long checkersLo() {
        return checkLo;
    }

    public long checkersHi() {
        return checkHi;
    }

    /** The pieces of a colour. */
    public Bitboard pieces(Color color) {
        return new Bitboard(colorLo[color.index()], colorHi[color.index()]);
    }

    /** The pieces of a colour and role. */
    public Bitboard pieces(Color color, Role role) {
        int c = color.index(), r = role.code();
        return new Bitboard(colorLo[c] & roleLo[r], colorHi[c] & roleHi[r]);
    }

    public Bitboard occupied() {
        return new Bitboard(occLo, occHi);
    }

    /** The pieces of the given colour pinned against their own king. */
    public Bitboard pinned(Color color) {
        Pins.computePinned(this, color.index());
        return new Bitboard(aLo, aHi);
    }

    /** The pieces of a colour attacking a square. */
    public Bitboard attackers(Color color, int sq) {
        AttackQueries.attackersTo(this, color.index(), sq, occLo, occHi);
        return new Bitboard(aLo, aHi);
    }

    /** Whether a colour attacks a square (colour index, hot-path form). */
    public boolean isAttacked(int color, int sq) {
        return AttackQueries.attacked(this, color, sq, occLo, occHi);
    }

    // ------------------------------------------------------------------ board updates

    private void put(int pc, int sq) {
        place(pc, sq);
        boardKey ^= Zobrist.PSQ[pc * 81 + sq];
    }

    private void remove(int pc, int sq) {
        lift(pc, sq);
        boardKey ^= Zobrist.PSQ[pc * 81 + sq];
    }

    /** Puts a piece on the board without touching the key (undo restores keys from the stack). */
    private void place(int pc, int sq) {
        board[sq] = pc;
        int r = pc & 15, c = pc >>> 4;
        if (sq < 63) {
            long b = 1L << sq;
            roleLo[r] |= b;
            colorLo[c] |= b;
            occLo |= b;
        } else {
            long b = 1L << (sq - 63);
            roleHi[r] |= b;
            colorHi[c] |= b;
            occHi |= b;
        }
        if (r == RoleCodes.KING) {
            kingSq[c] = sq;
        }
    }

    /** Takes a piece off the board without touching the key. */
    private void lift(int pc, int sq) {
        board[sq] = 0;
        int r = pc & 15, c = pc >>> 4;
        if (sq < 63) {
            long b = ~(1L << sq);
            roleLo[r] &= b;
            colorLo[c] &= b;
            occLo &= b;
        } else {
            long b = ~(1L << (sq - 63));
            roleHi[r] &= b;
            colorHi[c] &= b;
            occHi &= b;
        }
    }

    void grow() {
        int n = stMove.length * 2;
        stMove = Arrays.copyOf(stMove, n);
        stCaptured = Arrays.copyOf(stCaptured, n);
        stBoardKey = Arrays.copyOf(stBoardKey, n);
        stHandKey = Arrays.copyOf(stHandKey, n);
        stCheckLo = Arrays.copyOf(stCheckLo, n);
        stCheckHi = Arrays.copyOf(stCheckHi, n);
    }

    /**
     * Plays a move without checking it. Only for moves produced by {@link #generate} for this position (or
     * checked with {@link #isLegal(int)}); anything else corrupts the position.
     */
    public void doMove(int m) {
        movePieces(m);
        AttackQueries.checkersAfter(this, m, side ^ 1);
    }

    /**
     * Plays a move whose check status the caller already knows ({@link #givesCheck(int)}), as a search does
     * to decide extensions and pruning: a move that gives no check leaves the opponent without checkers, so
     * the attack test that {@link #doMove(int)} makes after every move is skipped. Only for moves produced
     * by {@link #generate} for this position (or checked with {@link #isLegal(int)}); a wrong
     * {@code givesCheck} corrupts the position.
     *
     * @param m the move
     * @param givesCheck what {@link #givesCheck(int)} says of {@code m} in this position
     */
    public void doMove(int m, boolean givesCheck) {
        assert givesCheck == givesCheck(m) : "givesCheck " + givesCheck + " for " + Move.usi(m) + " in " + this;
        if (givesCheck) {
            doMove(m);
            return;
        }
        movePieces(m);
        checkLo = 0;
        checkHi = 0;
    }

    /** Moves the pieces, hands, keys and the side to move; the checkers are the caller's to set. */
    private void movePieces(int m) {
        if (sp == stMove.length) {
            grow();
        }
        int i = sp++;
        stMove[i] = m;
        stBoardKey[i] = boardKey;
        stHandKey[i] = handKey;
        stCheckLo[i] = checkLo;
        stCheckHi[i] = checkHi;
        int us = side;
        int to = m & 127;
        if ((m & Move.DROP_FLAG) != 0) {
            int r = (m >>> 7) & 127;
            stCaptured[i] = 0;
            hand[us] -= Hand.one(r);
            handKey -= Zobrist.HAND[us * 8 + r];
            put(r | (us << 4), to);
        } else {
            int from = (m >>> 7) & 127;
            int pc = board[from];
            int cap = board[to];
            stCaptured[i] = cap;
            if (cap != 0) {
                remove(cap, to);
                int r = cap & 7; // the unpromoted role: promoted codes are 9–14; a king is never captured
                hand[us] += Hand.one(r);
                handKey += Zobrist.HAND[us * 8 + r];
            }
            remove(pc, from);
            put((m & Move.PROMOTE_FLAG) != 0 ? pc + 8 : pc, to);
        }
        side = us ^ 1;
        boardKey ^= Zobrist.SIDE;
    }

    /**
     * The {@link #boardKey()} the position would have after {@code m}, without playing it: what a search needs
     * to look a child up in its table before (or instead of) entering it. Only for moves produced by
     * {@link #generate} for this position (or checked with {@link #isLegal(int)}).
     *
     * @param m the move
     * @return the board key after the move
     */
    public long boardKeyAfter(int m) {
        int to = m & 127;
        long k = boardKey ^ Zobrist.SIDE;
        if ((m & Move.DROP_FLAG) != 0) {
            int r = (m >>> 7) & 127;
            return k ^ Zobrist.PSQ[(r | (side << 4)) * 81 + to];
        }
        int from = (m >>> 7) & 127;
        int pc = board[from];
        int cap = board[to];
        if (cap != 0) {
            k ^= Zobrist.PSQ[cap * 81 + to];
        }
        int moved = (m & Move.PROMOTE_FLAG) != 0 ? pc + 8 : pc;
        return k ^ Zobrist.PSQ[pc * 81 + from] ^ Zobrist.PSQ[moved * 81 + to];
    }

    /**
     * Takes back the last move played with {@link #doMove(int)} or {@link #play(MoveOrDrop)}.
     *
     * @throws IllegalStateException if no move has been played on this object
     */
    public void undoMove() {
        if (sp == 0) {
            throw new IllegalStateException("no move to undo");
        }
        if (stCaptured[sp - 1] >= RETURNED) {
            throw new IllegalStateException("the last move's capture was given back: undoReturnCapture first");
        }
        int i = --sp;
        int m = stMove[i];
        int us = side ^ 1;
        int to = m & 127;
        if ((m & Move.DROP_FLAG) != 0) {
            int r = (m >>> 7) & 127;
            lift(board[to], to);
            hand[us] += Hand.one(r);
        } else {
            int from = (m >>> 7) & 127;
            int pc = board[to];
            lift(pc, to);
            place((m & Move.PROMOTE_FLAG) != 0 ? pc - 8 : pc, from);
            int cap = stCaptured[i];
            if (cap != 0) {
                place(cap, to);
                hand[us] -= Hand.one(cap & 7);
            }
        }
        side = us;
        boardKey = stBoardKey[i];
        handKey = stHandKey[i];
        checkLo = stCheckLo[i];
        checkHi = stCheckHi[i];
    }

    /**
     * Gives the piece the last move captured back to the side it was taken from, the side to move: the
     * capturer's hand loses it and the side to move's hand gains it, and the key changes with the hands; the
     * board, the checkers and the side to move stay as they are. This is how the tsume convention judges a
     * futile interposition (無駄合): the position after the interposed piece is taken, looked at as if it had
     * never been dropped (the checker stands where it took it, every hand as before the drop). Moves may be
     * played and taken back after it, and captures given back again; take it back with
     * {@link #undoReturnCapture()} before the capture itself is undone. Repetition queries do not look past a
     * capture given back (the hands before it are not those the moves since would give).
     *
     * @throws IllegalStateException if the last move captured nothing or its capture was already given back
     */
    public void returnCapture() {
        if (sp == 0 || stCaptured[sp - 1] == 0 || (stCaptured[sp - 1] & RETURNED) != 0) {
            throw new IllegalStateException("the last move captured nothing to give back");
        }
        int r = stCaptured[sp - 1] & 7;
        int mover = side ^ 1;
        hand[mover] -= Hand.one(r);
        hand[side] += Hand.one(r);
        handKey += Zobrist.HAND[side * 8 + r] - Zobrist.HAND[mover * 8 + r];
        stCaptured[sp - 1] |= RETURNED;
        returnedTop = sp - 1;
    }

    /**
     * Takes back {@link #returnCapture()}: the piece the last move captured is in the capturer's hand again.
     *
     * @throws IllegalStateException if the last move's capture was not given back
     */
    public void undoReturnCapture() {
        if (sp == 0 || (stCaptured[sp - 1] & RETURNED) == 0) {
            throw new IllegalStateException("the last move's capture was not given back");
        }
        stCaptured[sp - 1] &= ~RETURNED;
        int r = stCaptured[sp - 1] & 7;
        int mover = side ^ 1;
        hand[side] -= Hand.one(r);
        hand[mover] += Hand.one(r);
        handKey += Zobrist.HAND[mover * 8 + r] - Zobrist.HAND[side * 8 + r];
        int i = sp - 2;
        while (i >= 0 && (stCaptured[i] & RETURNED) == 0) {
            i--;
        }
        returnedTop = i;
    }

    /** Marks a stack entry whose capture was given back ({@link #returnCapture()}); above every piece code. */
    static final int RETURNED = 1 << 8;

    /** The stack index of the latest capture given back ({@link #returnCapture()}), or -1 if none is. */
    int returnedTop = -1;

    /**
     * Plays a legal move given as an API value.
     *
     * @throws IllegalMoveException naming the move, the position and the rule it breaks if it is not legal here
     */
    public void play(MoveOrDrop move) {
        int m = encode(move);
        if (m == Move.NONE) {
            IllegalMove why = IllegalMoves.explain(this, move);
            throw new IllegalMoveException(why.reason(),
                    "illegal move " + move.usi() + " in " + Sfen.format(this) + ": " + why.message());
        }
        doMove(m);
    }

    /** Plays the move if it is legal and returns {@code true}; otherwise leaves the position and returns {@code false}. */
    public boolean tryPlay(MoveOrDrop move) {
        int m = encode(move);
        if (m == Move.NONE) {
            return false;
        }
        doMove(m);
        return true;
    }

    /** The int move for an API move if it is legal here, else {@link Move#NONE}. */
    public int encode(MoveOrDrop move) {
        int m = switch (move) {
            case MoveOrDrop.BoardMove b -> board[b.from()] == 0 ? Move.NONE : Move.normal(b.from(), b.to(), board[b.from()], b.promote());
            case MoveOrDrop.Drop d -> Move.drop(d.role().code(), d.to(), side);
        };
        return m != Move.NONE && isLegal(m) ? m : Move.NONE;
    }

    /**
     * Whether an int move (with its piece bits) is legal in this position: one of the moves of
     * {@code generate(LEGAL_ALL, …)}. Any int may be passed (a move from another position, a hash move, garbage);
     * the move is tested directly, without generating moves. Allocates nothing.
     */
    public boolean isLegal(int m) {
        return moveLegality().isLegal(m);
    }

    /** The legal moves (non-promotions included), as a new array; for APIs, not hot paths. */
    public int[] legalMoves() {
        int n = MoveGenerator.generate(this, LEGAL_ALL_FLAGS, scratch, 0);
        return Arrays.copyOf(scratch, n);
    }

    /** Whether the side to move has no legal move (in shogi this loses, in check or not). */
    public boolean hasNoLegalMove() {
        return MoveGenerator.generate(this, LEGAL_ALL_FLAGS, scratch, 0) == 0;
    }

    /** Whether the side to move is checkmated: in check with no legal move. */
    public boolean isCheckmate() {
        return inCheck() && hasNoLegalMove();
    }

    // ------------------------------------------------------------------ attacks and generation

    /** The squares a piece standing on a square attacks in this position (for APIs and tests). */
    public Bitboard attacksFrom(int pc, int sq) {
        AttackQueries.pieceAttacks(this, pc, sq, occLo, occHi);
        return new Bitboard(aLo, aHi);
    }

    /**
     * Generates the legal moves of a {@link GenType} into {@code buf} from index {@code start} and returns the
     * new end. Every move produced is legal (see {@link MoveGenerator}); when the side to move is in check
     * only evasions are produced. The buffer needs {@link #MAX_MOVES} free entries from {@code start}.
     * Allocates nothing.
     */
    public int generate(GenType type, int[] buf, int start) {
        switch (type.mode) {
            case IN_CHECK -> {
                if ((checkLo | checkHi) == 0) {
                    return start;
                }
            }
            case NOT_IN_CHECK -> {
                if ((checkLo | checkHi) != 0) {
                    return start;
                }
            }
            case ANY -> {}
        }
        return MoveGenerator.generate(this, type.flags, buf, start);
    }

    /** Whether a legal move gives check to the opponent's king (directly or by discovery). */
    public boolean givesCheck(int m) {
        return AttackQueries.givesCheck(this, m);
    }

    /**
     * Why a move is illegal in this position, or empty if it is legal: the rule it breaks and a sentence for
     * people (without the move or the position, which the caller knows). The rules are checked in the order a
     * player would: the piece, its reach, promotion, then for drops the hand, the square, dead squares, nifu,
     * the check, uchifuzume, and last the king's safety.
     */
    public Optional<IllegalMove> illegalMove(MoveOrDrop move) {
        return Optional.ofNullable(IllegalMoves.explain(this, move));
    }

    /** The rule a move breaks in this position ({@link #illegalMove}), or empty if it is legal. */
    public Optional<IllegalMoveReason> illegalReason(MoveOrDrop move) {
        return illegalMove(move).map(IllegalMove::reason);
    }

    @Override
    public String toString() {
        return Sfen.format(this);
    }

    // ------------------------------------------------------------------ search support
    // Null move, direct legality tests, check generation, mate in one, repetition and attack words for the
    // engine and the mate solver. The implementations live in package-private classes of this package.

    /**
     * Passes: the other side is to move, with the same board and hands. Only the side to move and the key
     * change; the checkers stay valid because a null move is never made in check (asserted). The pass is
     * pushed on the move stack as {@link Move#NONE}, so {@link #plies()} counts it and repetition queries do
     * not look past it. Take it back with {@link #undoNullMove()}, never {@link #undoMove()}.
     */
    public void doNullMove() {
        assert !inCheck() : "null move in check: " + this;
        if (sp == stMove.length) {
            grow();
        }
        int i = sp++;
        stMove[i] = Move.NONE;
        stCaptured[i] = 0;
        stBoardKey[i] = boardKey;
        stHandKey[i] = handKey;
        stCheckLo[i] = checkLo;
        stCheckHi[i] = checkHi;
        side ^= 1;
        boardKey ^= Zobrist.SIDE;
    }

    /**
     * Takes back the pass made by {@link #doNullMove()}.
     *
     * @throws IllegalStateException if the last entry of the move stack is not a null move
     */
    public void undoNullMove() {
        if (sp == 0 || stMove[sp - 1] != Move.NONE) {
            throw new IllegalStateException("the last move is not a null move");
        }
        sp--;
        side ^= 1;
        boardKey ^= Zobrist.SIDE;
    }

    /**
     * Repetition for search, where a first repetition counts. Looks back at most {@code maxPlies} plies
     * (and never past a null move) for the nearest earlier position with the same board and side to move,
     * and answers from the side to move's point of view:
     *
     * <ul>
     *   <li>the same hands as well: {@link RepetitionState#WIN} if every move of the opponent since then gave
     *       check (perpetual check by the opponent), {@link RepetitionState#LOSE} if every move of the side to
     *       move did, otherwise {@link RepetitionState#DRAW} (also when both sides checked with every move);
     *   <li>a hand of the side to move holding at least as many pieces of every kind as then:
     *       {@link RepetitionState#SUPERIOR}; at most as many of every kind: {@link RepetitionState#INFERIOR}
     *       (the opponent's hand is then the reverse, since the board is the same);
     *   <li>otherwise (no such position, or only positions whose hands are not comparable):
     *       {@link RepetitionState#NONE}.
     * </ul>
     *
     * Costs one long comparison per two plies looked back (16 is a usual depth for search). Allocates nothing.
     */
    public RepetitionState repetition(int maxPlies) {
        return Repetition.inTree(this, maxPlies);
    }

    /**
     * The sennichite rule of a game: {@link RepetitionState#NONE} unless the current position (board, hands
     * and side to move) has occurred {@code occurrences} times on the move stack, this one included (4 under
     * the JSA rules). Then {@link RepetitionState#LOSE} if the side to move gave check with every one of its
     * moves since the earliest of those occurrences (it checked perpetually and loses),
     * {@link RepetitionState#WIN} if the opponent did, otherwise {@link RepetitionState#DRAW}. Never
     * {@code SUPERIOR} or {@code INFERIOR}. Scans the whole stack (up to a null move); allocates nothing.
     */
    public RepetitionState sennichite(int occurrences) {
        int i = Repetition.since(this, occurrences);
        return i < 0 ? RepetitionState.NONE : Repetition.judge(this, i);
    }

    /**
     * The stack index (see {@link #keyAt(int)}) of the earliest of the last {@code occurrences} occurrences
     * of the current position, this one included; -1 if it has occurred fewer times. {@link
     * #sennichite(int)} judges the moves from there on.
     */
    public int repetitionStart(int occurrences) {
        return Repetition.since(this, occurrences);
    }

    /** How many times the current position (board, hands, side to move) occurs on the move stack, this one included. */
    public int occurrences() {
        return Repetition.occurrences(this);
    }

    /**
     * The pieces of colour {@code color} that attack {@code sq} with the occupancy {@code occLo}/{@code occHi}
     * (pass {@link #occupiedLo()}/{@link #occupiedHi()} for the board as it stands, or an occupancy with
     * pieces removed to see x-ray attackers, as static exchange evaluation does): the low word (squares
     * 0–62, files 1–7) goes to {@code out[0]}, the high word (63–80) to {@code out[1]}. Allocates nothing.
     */
    public void attackersTo(int color, int sq, long occLo, long occHi, long[] out) {
        AttackQueries.attackersTo(this, color, sq, occLo, occHi);
        out[0] = aLo;
        out[1] = aHi;
    }

    /**
     * The squares a piece (a {@link Piece} code, with its colour) standing on {@code sq} would attack with the
     * occupancy {@code occLo}/{@code occHi}, as low and high words in {@code out[0]} and {@code out[1]}.
     */
    public void attacksFrom(int piece, int sq, long occLo, long occHi, long[] out) {
        AttackQueries.pieceAttacks(this, piece, sq, occLo, occHi);
        out[0] = aLo;
        out[1] = aHi;
    }

    /**
     * The pieces of colour {@code color} pinned against their own king (each the only piece between the king
     * and an enemy slider aimed at it), as low and high words in {@code out[0]} and {@code out[1]}; both 0
     * if the colour has no king.
     */
    public void pinned(int color, long[] out) {
        Pins.blockers(this, color, color);
        out[0] = aLo;
        out[1] = aHi;
    }

    /**
     * The pieces of colour {@code color} that stand alone between one of its sliders and the enemy king, so
     * that moving one off that line gives discovered check; low and high words in {@code out[0]} and
     * {@code out[1]}.
     */
    public void discoveredCheckers(int color, long[] out) {
        Pins.blockers(this, color ^ 1, color);
        out[0] = aLo;
        out[1] = aHi;
    }

    /** The occupied squares, low word (squares 0–62). */
    public long occupiedLo() {
        return occLo;
    }

    /** The occupied squares, high word (squares 63–80). */
    public long occupiedHi() {
        return occHi;
    }

    /** The pieces of a colour index and role code (1–14), low word. */
    public long piecesLo(int color, int roleCode) {
        return colorLo[color] & roleLo[roleCode];
    }

    /** The pieces of a colour index and role code (1–14), high word. */
    public long piecesHi(int color, int roleCode) {
        return colorHi[color] & roleHi[roleCode];
    }

    /** The pieces of a colour index, low word. */
    public long piecesLo(int color) {
        return colorLo[color];
    }

    /** The pieces of a colour index, high word. */
    public long piecesHi(int color) {
        return colorHi[color];
    }

    /**
     * Whether an int move is pseudo-legal here: a well-formed move of the side to move whose piece bits match
     * the board, that its piece can make (the destination not holding one of the mover's pieces), with a
     * promotion the rules allow and not a non-promotion they forbid; or a drop of a piece in hand on an empty
     * square that is not dead for it and not on a file with a pawn of the mover's. What it does not test is
     * the mover's king: a pseudo-legal move may leave it in check (or not answer a check), and a pawn drop
     * may be a mate ({@link #isLegal(int)} tests both). Any int may be passed; allocates nothing.
     */
    public boolean isPseudoLegal(int m) {
        return moveLegality().isPseudoLegal(m);
    }

    /**
     * A move of the side to move that checkmates at once, or {@link Move#NONE} if there is none. Pins,
     * discovered checks, and the defender's captures, king steps, interpositions by moves and by drops are
     * all taken into account; a pawn drop that would mate is uchifuzume and is never returned. When several
     * moves mate, which one is returned is not specified (drops are tried first). Whether the side to move
     * is in check or not; allocates nothing (each position keeps its own buffer, so it is not reentrant).
     */
    public int mate1Ply() {
        return mateOnePly().find();
    }

    /**
     * Static exchange evaluation: whether the exchange of captures that the move starts on its destination
     * gains at least {@code threshold} for the mover, each side recapturing with its least valuable attacker
     * and free to stop when going on would lose. Pieces lined up behind a capturer join in (x-rays); a king
     * recaptures only when the other side has no attacker left. Pins and checks are not considered. A
     * promotion gains the difference between the promoted and the unpromoted value.
     *
     * @param move a legal int move of the side to move (a capture or not)
     * @param threshold the gain asked for, in the units of {@code values}
     * @param values piece values indexed by role code 0–15 (index 0, the empty square, is 0), the king's larger
     *     than twice the sum of all others
     * @return whether the exchange gains at least {@code threshold}; allocates nothing
     */
    public boolean seeGe(int move, int threshold, int[] values) {
        return StaticExchange.seeGe(this, move, threshold, values, seeGains);
    }

    private final int[] seeGains = new int[StaticExchange.MAX_CAPTURES];

    // Helpers of the search support, created on first use (a copy makes its own).
    private CheckGenerator checkGenerator;
    private MoveLegality moveLegality;
    /**
     * Whether the side to move, in check, has a legal reply that is not a drop: a king step, a capture of the
     * checker, or an interposition by a piece on the board. Decided from attack words without generating the
     * replies (as {@link #mate1Ply()} decides each check); allocates nothing. A mate solver asks it before
     * generating the replies where a position whose replies are all drops is treated apart (futile
     * interpositions).
     *
     * @throws IllegalStateException if the side to move is not in check
     */
    public boolean hasNonDropEvasion() {
        if (!inCheck()) {
            throw new IllegalStateException("the side to move is not in check");
        }
        return mateOnePly().hasReply(false);
    }

    /**
     * The checks of the side to move (non-promotions included, in the order of {@link GenType#CHECKS_ALL})
     * after which the other side has no legal reply but drops: the mates in one and, for a mate solver that
     * counts futile interpositions apart, the checks where every reply is a drop between checker and king.
     * Each is decided as {@link #mate1Ply()} decides a check, most without playing it. Allocates nothing (not
     * reentrant, as {@link #mate1Ply()}).
     *
     * @param buf the buffer, with {@link #MAX_MOVES} free entries from {@code start}
     * @param start the first index to write
     * @return the new end
     */
    public int checksLeavingOnlyDrops(int[] buf, int start) {
        return mateOnePly().checksLeavingOnlyDrops(buf, start);
    }

    private MateOnePly mateOnePly;

    private MateOnePly mateOnePly() {
        MateOnePly m = mateOnePly;
        if (m == null) {
            m = mateOnePly = new MateOnePly(this);
        }
        return m;
    }

    private MoveLegality moveLegality() {
        MoveLegality l = moveLegality;
        if (l == null) {
            l = moveLegality = new MoveLegality(this);
        }
        return l;
    }

    CheckGenerator checkGenerator() {
        CheckGenerator g = checkGenerator;
        if (g == null) {
            g = checkGenerator = new CheckGenerator(this);
        }
        return g;
    }
}
