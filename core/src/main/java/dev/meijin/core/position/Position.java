package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;

import dev.meijin.core.Bitboard;
import dev.meijin.core.Color;
import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
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
 * int n = pos.generate(Position.LEGAL_ALL, moves, 0); // 30
 * pos.doMove(moves[0]);
 * pos.undoMove();
 * }
 */
public final class Position {
    /** Enough room for the moves of any legal position (the known maximum is 593). */
    public static final int MAX_MOVES = 600;

    /** No king: the attacker of a tsume position may have none. */
    public static final int NO_SQUARE = 81;

    // Generation flags, combined into the generation types of dev.meijin.core.movegen.GenType.
    /** Moves that capture. */
    public static final int GEN_CAPTURES = 1;
    /** Moves that do not capture, drops included. */
    public static final int GEN_QUIETS = 2;
    /** Also the non-promotions of pawn, bishop and rook (and lance to the second rank) where promotion is possible. */
    public static final int GEN_ALL = 4;
    /** Only moves that give check. */
    public static final int GEN_CHECKS = 8;
    /** Every legal move that a player would consider (no useless non-promotions). */
    public static final int LEGAL = GEN_CAPTURES | GEN_QUIETS;
    /** Every legal move, useless non-promotions included: what perft counts and records may contain. */
    public static final int LEGAL_ALL = GEN_CAPTURES | GEN_QUIETS | GEN_ALL;

    private static final int PAWN = 1, LANCE = 2, KNIGHT = 3, SILVER = 4, BISHOP = 5, ROOK = 6, GOLD = 7, KING = 8,
            TOKIN = 9, PRO_LANCE = 10, PRO_KNIGHT = 11, PRO_SILVER = 12, HORSE = 13, DRAGON = 14;

    /** Whether a piece slides (any distance) in a direction, indexed {@code piece * 8 + dir}. */
    private static final boolean[] SLIDES = new boolean[32 * 8];

    static {
        for (int c = 0; c < 2; c++) {
            int o = c << 4;
            for (int d : new int[] {UP, DOWN, LEFT, RIGHT}) {
                SLIDES[(o | ROOK) * 8 + d] = true;
                SLIDES[(o | DRAGON) * 8 + d] = true;
            }
            for (int d : new int[] {UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT}) {
                SLIDES[(o | BISHOP) * 8 + d] = true;
                SLIDES[(o | HORSE) * 8 + d] = true;
            }
            SLIDES[(o | LANCE) * 8 + (c == 0 ? UP : DOWN)] = true;
        }
    }

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

    // Scratch results of attack computations (a position belongs to one thread).
    private long aLo, aHi;
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
     * Like {@link #of(Setup)}, but the side to move (the attacker of a mate problem) may have no king.
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
        List<String> details = new ArrayList<>();
        Set<PositionIssue> issues = EnumSet.noneOf(PositionIssue.class);
        issues.addAll(check(setup, true, details));
        issues.remove(PositionIssue.NIFU);
        issues.remove(PositionIssue.DEAD_PIECE);
        if (!issues.isEmpty()) {
            details.removeIf(d -> d.contains(" cannot move from ") || d.contains(" pawns on file "));
            throw new IllegalPositionException(issues, String.join("; ", details));
        }
        return load(setup);
    }

    private static Position of(Setup setup, boolean tsume) {
        List<String> details = new ArrayList<>();
        int[] where = {-1};
        Set<PositionIssue> issues = check(setup, tsume, details, where);
        if (!issues.isEmpty()) {
            throw new IllegalPositionException(issues, String.join("; ", details), where[0]);
        }
        return load(setup);
    }

    /** The issues of a setup, for editors that show them without throwing; empty if it is legal. */
    public static Set<PositionIssue> validate(Setup setup, boolean tsume) {
        return check(setup, tsume, new ArrayList<>());
    }

    private static Position load(Setup setup) {
        Position p = new Position();
        for (int sq = 0; sq < 81; sq++) {
            int pc = setup.piece(sq);
            if (pc != 0) {
                p.put(pc, sq);
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int r = 1; r <= 7; r++) {
                int n = setup.hands().get(c * 8 + r);
                p.hand[c] = Hand.add(p.hand[c], r, n);
                p.handKey += n * Zobrist.HAND[c * 8 + r];
            }
        }
        p.side = setup.turn().index();
        if (p.side == 1) {
            p.boardKey ^= Zobrist.SIDE;
        }
        p.startMoveNumber = setup.moveNumber();
        p.computeCheckers();
        return p;
    }

    private static Set<PositionIssue> check(Setup s, boolean tsume, List<String> details) {
        return check(s, tsume, details, new int[] {-1});
    }

    /** Checks a setup; {@code where[0]} receives the first square found at fault (-1 if the fault is no square's). */
    private static Set<PositionIssue> check(Setup s, boolean tsume, List<String> details, int[] where) {
        EnumSet<PositionIssue> issues = EnumSet.noneOf(PositionIssue.class);
        int[] kings = new int[2];
        int[] count = new int[9]; // by unpromoted role code, both sides
        for (int sq = 0; sq < 81; sq++) {
            int pc = s.piece(sq);
            if (pc == 0) {
                continue;
            }
            int c = Piece.color(pc), r = Piece.role(pc);
            int base = r > 8 ? r - 8 : r;
            count[base]++;
            if (r == KING) {
                kings[c]++;
                if (kings[c] == 2 && where[0] < 0) {
                    where[0] = sq;
                }
            }
            int rel = Square.relativeRank(c, sq);
            if (((r == PAWN || r == LANCE) && rel == 1) || (r == KNIGHT && rel <= 2)) {
                issues.add(PositionIssue.DEAD_PIECE);
                details.add(Role.of(r) + " cannot move from " + Square.name(sq));
                if (where[0] < 0) {
                    where[0] = sq;
                }
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int r = 1; r <= 7; r++) {
                count[r] += s.hands().get(c * 8 + r);
            }
        }
        for (int r = 1; r <= 7; r++) {
            if (count[r] > Hand.MAX[r]) {
                issues.add(PositionIssue.TOO_MANY_PIECES);
                details.add(count[r] + " " + Role.of(r) + " pieces, a set has " + Hand.MAX[r]);
            }
        }
        for (int c = 0; c < 2; c++) {
            if (kings[c] > 1) {
                issues.add(PositionIssue.TOO_MANY_KINGS);
                details.add(Color.of(c) + " has " + kings[c] + " kings");
            } else if (kings[c] == 0 && !(tsume && c == s.turn().index())) {
                issues.add(PositionIssue.NO_KING);
                details.add(Color.of(c) + " has no king");
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int f = 1; f <= 9; f++) {
                int pawns = 0;
                for (int r = 1; r <= 9; r++) {
                    if (s.piece(Square.of(f, r)) == Piece.of(c, PAWN)) {
                        pawns++;
                        if (pawns == 2 && where[0] < 0) {
                            where[0] = Square.of(f, r);
                        }
                    }
                }
                if (pawns > 1) {
                    issues.add(PositionIssue.NIFU);
                    details.add(Color.of(c) + " has " + pawns + " pawns on file " + f);
                }
            }
        }
        if (!issues.contains(PositionIssue.TOO_MANY_KINGS) && !issues.contains(PositionIssue.TOO_MANY_PIECES)) {
            Position p = load(s);
            int them = p.side ^ 1;
            if (p.kingSq[them] != NO_SQUARE && p.attacked(p.side, p.kingSq[them], p.occLo, p.occHi)) {
                issues.add(PositionIssue.OPPONENT_IN_CHECK);
                details.add(Color.of(them) + " is in check but " + Color.of(p.side) + " is to move");
                if (where[0] < 0) {
                    where[0] = p.kingSq[them];
                }
            }
        }
        return issues;
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
        return sp == 0 ? 0 : stCaptured[sp - 1];
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
        computePinned(color.index());
        return new Bitboard(aLo, aHi);
    }

    /** The pieces of a colour attacking a square. */
    public Bitboard attackers(Color color, int sq) {
        attackersTo(color.index(), sq, occLo, occHi);
        return new Bitboard(aLo, aHi);
    }

    /** Whether a colour attacks a square (colour index, hot-path form). */
    public boolean isAttacked(int color, int sq) {
        return attacked(color, sq, occLo, occHi);
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
        if (r == KING) {
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
        checkersAfter(m, us);
    }

    /**
     * Sets the checkers after {@code us} played {@code m}. Before the move no piece of {@code us} attacked
     * the enemy king (the side not to move is never in check), so the only checks are the moved piece's own
     * (direct) and those of a slider behind the vacated origin (discovered).
     */
    private void checkersAfter(int m, int us) {
        int ek = kingSq[us ^ 1];
        checkLo = 0;
        checkHi = 0;
        if (ek == NO_SQUARE) {
            return;
        }
        int to = m & 127;
        pieceAttacks(board[to], to, occLo, occHi);
        if (contains(aLo, aHi, ek)) {
            checkLo = SQ_LO[to];
            checkHi = SQ_HI[to];
        }
        if ((m & Move.DROP_FLAG) == 0) {
            int from = (m >>> 7) & 127;
            int d = DIRECTION[ek * 81 + from];
            if (d >= 0 && !aligned(ek, from, to)) {
                int b = sliderOn(us, ek, d, occLo, occHi);
                if (b >= 0) {
                    checkLo |= SQ_LO[b];
                    checkHi |= SQ_HI[b];
                }
            }
        }
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
     * Plays a legal move given as an API value.
     *
     * @throws IllegalMoveException naming the move and the position if it is not legal here
     */
    public void play(MoveOrDrop move) {
        int m = encode(move);
        if (m == Move.NONE) {
            throw new IllegalMoveException("illegal move " + move.usi() + " in " + dev.meijin.core.position.Setups.sfen(this));
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
        int n = generate(LEGAL_ALL, scratch, 0);
        return Arrays.copyOf(scratch, n);
    }

    /** Whether the side to move has no legal move (in shogi this loses, in check or not). */
    public boolean hasNoLegalMove() {
        return generate(LEGAL_ALL, scratch, 0) == 0;
    }

    /** Whether the side to move is checkmated: in check with no legal move. */
    public boolean isCheckmate() {
        return inCheck() && hasNoLegalMove();
    }

    // ------------------------------------------------------------------ attacks

    /** Nearest blocker index in a direction whose indices increase; 81 if none. */
    private static int firstPos(long bl, long bh) {
        if (bl != 0) return Long.numberOfTrailingZeros(bl);
        if (bh != 0) return 63 + Long.numberOfTrailingZeros(bh);
        return 81;
    }

    /** Nearest blocker index in a direction whose indices decrease; 81 if none. */
    private static int firstNeg(long bl, long bh) {
        if (bh != 0) return 126 - Long.numberOfLeadingZeros(bh);
        if (bl != 0) return 63 - Long.numberOfLeadingZeros(bl);
        return 81;
    }

    /** Adds the ray attack in a positive direction to (aLo, aHi). */
    private void rayPos(int d, int s, long oLo, long oHi) {
        int i = d * 82 + s;
        long rl = RAY_LO[i], rh = RAY_HI[i];
        int j = d * 82 + firstPos(rl & oLo, rh & oHi);
        aLo |= rl ^ RAY_LO[j];
        aHi |= rh ^ RAY_HI[j];
    }

    private void rayNeg(int d, int s, long oLo, long oHi) {
        int i = d * 82 + s;
        long rl = RAY_LO[i], rh = RAY_HI[i];
        int j = d * 82 + firstNeg(rl & oLo, rh & oHi);
        aLo |= rl ^ RAY_LO[j];
        aHi |= rh ^ RAY_HI[j];
    }

    private void rookRays(int s, long oLo, long oHi) {
        rayNeg(UP, s, oLo, oHi);
        rayPos(DOWN, s, oLo, oHi);
        rayPos(LEFT, s, oLo, oHi);
        rayNeg(RIGHT, s, oLo, oHi);
    }

    private void bishopRays(int s, long oLo, long oHi) {
        rayPos(UP_LEFT, s, oLo, oHi);
        rayNeg(DOWN_RIGHT, s, oLo, oHi);
        rayNeg(UP_RIGHT, s, oLo, oHi);
        rayPos(DOWN_LEFT, s, oLo, oHi);
    }

    /** Sets (aLo, aHi) to the squares a piece on {@code s} attacks, with the given occupancy. */
    private void pieceAttacks(int pc, int s, long oLo, long oHi) {
        int c = pc >>> 4, i = c * 81 + s;
        switch (pc & 15) {
            case PAWN -> {
                aLo = PAWN_LO[i];
                aHi = PAWN_HI[i];
            }
            case LANCE -> {
                aLo = 0;
                aHi = 0;
                if (c == 0) {
                    rayNeg(UP, s, oLo, oHi);
                } else {
                    rayPos(DOWN, s, oLo, oHi);
                }
            }
            case KNIGHT -> {
                aLo = KNIGHT_LO[i];
                aHi = KNIGHT_HI[i];
            }
            case SILVER -> {
                aLo = SILVER_LO[i];
                aHi = SILVER_HI[i];
            }
            case GOLD, TOKIN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER -> {
                aLo = GOLD_LO[i];
                aHi = GOLD_HI[i];
            }
            case KING -> {
                aLo = KING_LO[s];
                aHi = KING_HI[s];
            }
            case BISHOP -> {
                aLo = 0;
                aHi = 0;
                bishopRays(s, oLo, oHi);
            }
            case ROOK -> {
                aLo = 0;
                aHi = 0;
                rookRays(s, oLo, oHi);
            }
            case HORSE -> {
                aLo = CROSS_LO[s];
                aHi = CROSS_HI[s];
                bishopRays(s, oLo, oHi);
            }
            case DRAGON -> {
                aLo = DIAG_LO[s];
                aHi = DIAG_HI[s];
                rookRays(s, oLo, oHi);
            }
            default -> throw new IllegalStateException("no piece " + pc);
        }
    }

    /** The squares a piece standing on a square attacks in this position (for APIs and tests). */
    public Bitboard attacksFrom(int pc, int sq) {
        pieceAttacks(pc, sq, occLo, occHi);
        return new Bitboard(aLo, aHi);
    }

    /** Bits of the pieces of colour {@code c} that step onto {@code sq} (sliders excluded). */
    private long stepAttackersLo(int c, int sq) {
        int i = (c ^ 1) * 81 + sq;
        long golds = roleLo[GOLD] | roleLo[TOKIN] | roleLo[PRO_LANCE] | roleLo[PRO_KNIGHT] | roleLo[PRO_SILVER];
        return (PAWN_LO[i] & roleLo[PAWN] | KNIGHT_LO[i] & roleLo[KNIGHT] | SILVER_LO[i] & roleLo[SILVER]
                        | GOLD_LO[i] & golds | KING_LO[sq] & (roleLo[KING] | roleLo[HORSE] | roleLo[DRAGON]))
                & colorLo[c];
    }

    private long stepAttackersHi(int c, int sq) {
        int i = (c ^ 1) * 81 + sq;
        long golds = roleHi[GOLD] | roleHi[TOKIN] | roleHi[PRO_LANCE] | roleHi[PRO_KNIGHT] | roleHi[PRO_SILVER];
        return (PAWN_HI[i] & roleHi[PAWN] | KNIGHT_HI[i] & roleHi[KNIGHT] | SILVER_HI[i] & roleHi[SILVER]
                        | GOLD_HI[i] & golds | KING_HI[sq] & (roleHi[KING] | roleHi[HORSE] | roleHi[DRAGON]))
                & colorHi[c];
    }

    /** Whether any slider of colour {@code c} stands on a line (of its kind) through {@code sq} on an empty board. */
    private boolean slidersAligned(int c, int sq) {
        int li = (c ^ 1) * 81 + sq;
        long lo = (ROOK_EMPTY_LO[sq] & (roleLo[ROOK] | roleLo[DRAGON]) | BISHOP_EMPTY_LO[sq] & (roleLo[BISHOP] | roleLo[HORSE])
                        | LANCE_EMPTY_LO[li] & roleLo[LANCE])
                & colorLo[c];
        long hi = (ROOK_EMPTY_HI[sq] & (roleHi[ROOK] | roleHi[DRAGON]) | BISHOP_EMPTY_HI[sq] & (roleHi[BISHOP] | roleHi[HORSE])
                        | LANCE_EMPTY_HI[li] & roleHi[LANCE])
                & colorHi[c];
        return (lo | hi) != 0;
    }

    /** The slider of colour {@code c} attacking {@code sq} along direction {@code d} (from sq), or -1. */
    private int sliderOn(int c, int sq, int d, long oLo, long oHi) {
        int i = d * 82 + sq;
        int b = POSITIVE[d] ? firstPos(RAY_LO[i] & oLo, RAY_HI[i] & oHi) : firstNeg(RAY_LO[i] & oLo, RAY_HI[i] & oHi);
        if (b == 81) {
            return -1;
        }
        int pc = board[b];
        return pc != 0 && (pc >>> 4) == c && SLIDES[pc * 8 + (d ^ 1)] ? b : -1;
    }

    /** Whether colour {@code c} attacks {@code sq} with the given occupancy (the board array names the pieces). */
    boolean attacked(int c, int sq, long oLo, long oHi) {
        if ((stepAttackersLo(c, sq) | stepAttackersHi(c, sq)) != 0) {
            return true;
        }
        if (!slidersAligned(c, sq)) {
            return false;
        }
        for (int d = 0; d < 8; d++) {
            if (sliderOn(c, sq, d, oLo, oHi) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Sets (aLo, aHi) to the pieces of colour {@code c} attacking {@code sq}. */
    private void attackersTo(int c, int sq, long oLo, long oHi) {
        long lo = stepAttackersLo(c, sq), hi = stepAttackersHi(c, sq);
        if (slidersAligned(c, sq)) {
            for (int d = 0; d < 8; d++) {
                int b = sliderOn(c, sq, d, oLo, oHi);
                if (b >= 0) {
                    lo |= SQ_LO[b];
                    hi |= SQ_HI[b];
                }
            }
        }
        aLo = lo;
        aHi = hi;
    }

    private void computeCheckers() {
        int k = kingSq[side];
        if (k == NO_SQUARE) {
            checkLo = 0;
            checkHi = 0;
            return;
        }
        attackersTo(side ^ 1, k, occLo, occHi);
        checkLo = aLo;
        checkHi = aHi;
    }

    /**
     * Sets (aLo, aHi) to the pieces of colour {@code kc} pinned against their king: each is the only piece
     * between the king and an enemy slider aimed at it.
     */
    private void computePinned(int kc) {
        int k = kingSq[kc];
        aLo = 0;
        aHi = 0;
        if (k == NO_SQUARE) {
            return;
        }
        int them = kc ^ 1;
        // An enemy lance attacks the king from the squares ahead of the king in the king side's own lance direction.
        int li = kc * 81 + k;
        long sl = (ROOK_EMPTY_LO[k] & (roleLo[ROOK] | roleLo[DRAGON]) | BISHOP_EMPTY_LO[k] & (roleLo[BISHOP] | roleLo[HORSE])
                        | LANCE_EMPTY_LO[li] & roleLo[LANCE])
                & colorLo[them];
        long sh = (ROOK_EMPTY_HI[k] & (roleHi[ROOK] | roleHi[DRAGON]) | BISHOP_EMPTY_HI[k] & (roleHi[BISHOP] | roleHi[HORSE])
                        | LANCE_EMPTY_HI[li] & roleHi[LANCE])
                & colorHi[them];
        long rl = 0, rh = 0;
        while ((sl | sh) != 0) {
            int s;
            if (sl != 0) {
                s = Long.numberOfTrailingZeros(sl);
                sl &= sl - 1;
            } else {
                s = 63 + Long.numberOfTrailingZeros(sh);
                sh &= sh - 1;
            }
            long bl = BETWEEN_LO[k * 81 + s] & occLo, bh = BETWEEN_HI[k * 81 + s] & occHi;
            if (Long.bitCount(bl) + Long.bitCount(bh) == 1) {
                rl |= bl & colorLo[kc];
                rh |= bh & colorHi[kc];
            }
        }
        aLo = rl;
        aHi = rh;
    }

    // ------------------------------------------------------------------ move generation

    /**
     * Generates legal moves of the kinds selected by {@code flags} ({@link #GEN_CAPTURES},
     * {@link #GEN_QUIETS}, {@link #GEN_ALL}, {@link #GEN_CHECKS}, or {@link #LEGAL}/{@link #LEGAL_ALL}) into
     * {@code buf} from index {@code start}, and returns the new end. Every move produced is legal: pins,
     * checks, the king's safety, dead drops, nifu and uchifuzume are all handled here. When the side to
     * move is in check only evasions are produced. Allocates nothing.
     */
    public int generate(int flags, int[] buf, int start) {
        if ((flags & GEN_CHECKS) != 0) {
            return checkGenerator().generate(flags, buf, start);
        }
        int us = side, them = us ^ 1;
        int k = kingSq[us];
        boolean all = (flags & GEN_ALL) != 0;
        long targetLo, targetHi;
        long enemyLo = colorLo[them], enemyHi = colorHi[them];
        long emptyLo = ~occLo & ALL_LO, emptyHi = ~occHi & ALL_HI;
        targetLo = 0;
        targetHi = 0;
        if ((flags & GEN_CAPTURES) != 0) {
            targetLo |= enemyLo;
            targetHi |= enemyHi;
        }
        if ((flags & GEN_QUIETS) != 0) {
            targetLo |= emptyLo;
            targetHi |= emptyHi;
        }
        int n = start;
        long kingTargetLo = targetLo, kingTargetHi = targetHi;
        long dropLo = (flags & GEN_QUIETS) != 0 ? emptyLo : 0, dropHi = (flags & GEN_QUIETS) != 0 ? emptyHi : 0;
        boolean pieceMoves = true;
        if ((checkLo | checkHi) != 0) {
            if (Long.bitCount(checkLo) + Long.bitCount(checkHi) > 1) {
                pieceMoves = false;
            } else {
                int c = checkLo != 0 ? Long.numberOfTrailingZeros(checkLo) : 63 + Long.numberOfTrailingZeros(checkHi);
                long bl = BETWEEN_LO[k * 81 + c], bh = BETWEEN_HI[k * 81 + c];
                targetLo &= bl | checkLo;
                targetHi &= bh | checkHi;
                dropLo &= bl;
                dropHi &= bh;
            }
        }
        if (pieceMoves) {
            long pinLo = 0, pinHi = 0;
            if (k != NO_SQUARE) {
                computePinned(us);
                pinLo = aLo;
                pinHi = aHi;
            }
            n = pieceMoves(us, k, targetLo, targetHi, pinLo, pinHi, all, buf, n);
            if ((dropLo | dropHi) != 0 && hand[us] != 0) {
                n = drops(us, dropLo, dropHi, buf, n);
            }
        }
        if (k != NO_SQUARE) {
            n = kingMoves(us, k, kingTargetLo, kingTargetHi, buf, n);
        }
        return n;
    }

    private int kingMoves(int us, int k, long tLo, long tHi, int[] buf, int n) {
        long lo = KING_LO[k] & tLo, hi = KING_HI[k] & tHi;
        long oLo = occLo, oHi = occHi;
        if (k < 63) {
            oLo &= ~(1L << k);
        } else {
            oHi &= ~(1L << (k - 63));
        }
        int pc = KING | (us << 4);
        int them = us ^ 1;
        while (lo != 0) {
            int t = Long.numberOfTrailingZeros(lo);
            lo &= lo - 1;
            if (!attacked(them, t, oLo, oHi)) {
                buf[n++] = Move.normal(k, t, pc);
            }
        }
        while (hi != 0) {
            int t = 63 + Long.numberOfTrailingZeros(hi);
            hi &= hi - 1;
            if (!attacked(them, t, oLo, oHi)) {
                buf[n++] = Move.normal(k, t, pc);
            }
        }
        return n;
    }

    private int pieceMoves(int us, int k, long tLo, long tHi, long pinLo, long pinHi, boolean all, int[] buf, int n) {
        long ownLo = colorLo[us] & ~roleLo[KING], ownHi = colorHi[us] & ~roleHi[KING];
        long zoneLo = ZONE_LO[us], zoneHi = ZONE_HI[us];
        while ((ownLo | ownHi) != 0) {
            int f;
            boolean pinned;
            if (ownLo != 0) {
                f = Long.numberOfTrailingZeros(ownLo);
                ownLo &= ownLo - 1;
                pinned = (pinLo >>> f & 1) != 0;
            } else {
                f = 63 + Long.numberOfTrailingZeros(ownHi);
                ownHi &= ownHi - 1;
                pinned = (pinHi >>> (f - 63) & 1) != 0;
            }
            int pc = board[f];
            pieceAttacks(pc, f, occLo, occHi);
            long lo = aLo & tLo, hi = aHi & tHi;
            if (pinned) {
                lo &= LINE_LO[k * 81 + f];
                hi &= LINE_HI[k * 81 + f];
            }
            if ((lo | hi) == 0) {
                continue;
            }
            int r = pc & 15;
            if (r >= GOLD) {
                n = emit(f, pc, lo, hi, buf, n);
                continue;
            }
            boolean fromZone = f < 63 ? (zoneLo >>> f & 1) != 0 : (zoneHi >>> (f - 63) & 1) != 0;
            switch (r) {
                case PAWN, LANCE, KNIGHT -> n = emitForward(us, f, pc, r, lo, hi, all, buf, n);
                case SILVER -> {
                    if (fromZone) {
                        n = emitPromo(f, pc, lo, hi, buf, n);
                        n = emit(f, pc, lo, hi, buf, n);
                    } else {
                        n = emitPromo(f, pc, lo & zoneLo, hi & zoneHi, buf, n);
                        n = emit(f, pc, lo, hi, buf, n);
                    }
                }
                default -> { // bishop, rook
                    if (fromZone) {
                        n = emitPromo(f, pc, lo, hi, buf, n);
                        if (all) {
                            n = emit(f, pc, lo, hi, buf, n);
                        }
                    } else {
                        n = emitPromo(f, pc, lo & zoneLo, hi & zoneHi, buf, n);
                        if (all) {
                            n = emit(f, pc, lo, hi, buf, n);
                        } else {
                            n = emit(f, pc, lo & ~zoneLo, hi & ~zoneHi, buf, n);
                        }
                    }
                }
            }
        }
        return n;
    }

    /** Pawn, lance and knight: promotion depends on the destination rank only. */
    private int emitForward(int us, int f, int pc, int r, long lo, long hi, boolean all, int[] buf, int n) {
        long zoneLo = ZONE_LO[us], zoneHi = ZONE_HI[us];
        n = emitPromo(f, pc, lo & zoneLo, hi & zoneHi, buf, n);
        long keepLo, keepHi; // destinations where not promoting is generated
        switch (r) {
            case PAWN -> {
                if (all) {
                    keepLo = lo & NOT_LAST1_LO[us];
                    keepHi = hi & NOT_LAST1_HI[us];
                } else {
                    keepLo = lo & ~zoneLo;
                    keepHi = hi & ~zoneHi;
                }
            }
            case LANCE -> {
                if (all) {
                    keepLo = lo & NOT_LAST1_LO[us];
                    keepHi = hi & NOT_LAST1_HI[us];
                } else {
                    keepLo = lo & NOT_LAST2_LO[us];
                    keepHi = hi & NOT_LAST2_HI[us];
                }
            }
            default -> {
                keepLo = lo & NOT_LAST2_LO[us];
                keepHi = hi & NOT_LAST2_HI[us];
            }
        }
        return emit(f, pc, keepLo, keepHi, buf, n);
    }

    private static int emit(int f, int pc, long lo, long hi, int[] buf, int n) {
        int base = (f << 7) | (pc << 16);
        while (lo != 0) {
            buf[n++] = base | Long.numberOfTrailingZeros(lo);
            lo &= lo - 1;
        }
        while (hi != 0) {
            buf[n++] = base | (63 + Long.numberOfTrailingZeros(hi));
            hi &= hi - 1;
        }
        return n;
    }

    private static int emitPromo(int f, int pc, long lo, long hi, int[] buf, int n) {
        int base = (f << 7) | (pc << 16) | Move.PROMOTE_FLAG;
        while (lo != 0) {
            buf[n++] = base | Long.numberOfTrailingZeros(lo);
            lo &= lo - 1;
        }
        while (hi != 0) {
            buf[n++] = base | (63 + Long.numberOfTrailingZeros(hi));
            hi &= hi - 1;
        }
        return n;
    }

    private int drops(int us, long lo, long hi, int[] buf, int n) {
        int h = hand[us];
        for (int r = GOLD; r >= PAWN; r--) {
            if (!Hand.has(h, r)) {
                continue;
            }
            long dl = lo, dh = hi;
            if (r == PAWN) {
                dl &= NOT_LAST1_LO[us] & ~pawnFilesLo(us);
                dh &= NOT_LAST1_HI[us] & ~pawnFilesHi(us);
                int ek = kingSq[us ^ 1];
                if (ek != NO_SQUARE) {
                    int front = us == 0 ? ek + 1 : ek - 1; // the square from which a pawn checks the king
                    if (Square.rank(ek) != (us == 0 ? 9 : 1) && contains(dl, dh, front) && isPawnDropMate(us, front)) {
                        if (front < 63) {
                            dl &= ~(1L << front);
                        } else {
                            dh &= ~(1L << (front - 63));
                        }
                    }
                }
            } else if (r == LANCE) {
                dl &= NOT_LAST1_LO[us];
                dh &= NOT_LAST1_HI[us];
            } else if (r == KNIGHT) {
                dl &= NOT_LAST2_LO[us];
                dh &= NOT_LAST2_HI[us];
            }
            int base = (r << 7) | Move.DROP_FLAG | ((r | (us << 4)) << 16);
            while (dl != 0) {
                buf[n++] = base | Long.numberOfTrailingZeros(dl);
                dl &= dl - 1;
            }
            while (dh != 0) {
                buf[n++] = base | (63 + Long.numberOfTrailingZeros(dh));
                dh &= dh - 1;
            }
        }
        return n;
    }

    /** Files (as full-file masks) holding an unpromoted pawn of colour {@code c}: low word. */
    private long pawnFilesLo(int c) {
        long p = roleLo[PAWN] & colorLo[c];
        long files = 0;
        while (p != 0) {
            int s = Long.numberOfTrailingZeros(p);
            p &= p - 1;
            files |= FILE_LO[s / 9 + 1];
        }
        return files;
    }

    private long pawnFilesHi(int c) {
        long p = roleHi[PAWN] & colorHi[c];
        long files = 0;
        while (p != 0) {
            int s = 63 + Long.numberOfTrailingZeros(p);
            p &= p - 1;
            files |= FILE_HI[s / 9 + 1];
        }
        return files;
    }

    /**
     * Uchifuzume: whether a pawn dropped by {@code us} on {@code ps} (the square in front of the enemy king)
     * would checkmate. The pawn can be taken by any enemy piece except the king when that piece is not
     * pinned (or stays on its pin line, which a capture on {@code ps} does when the pin runs through
     * {@code ps}); the king can take it or step away only onto squares {@code us} does not attack.
     */
    private boolean isPawnDropMate(int us, int ps) {
        int them = us ^ 1;
        int ek = kingSq[them];
        long oLo = occLo | SQ_LO[ps], oHi = occHi | SQ_HI[ps];
        attackersTo(them, ps, oLo, oHi);
        long capLo = aLo, capHi = aHi;
        if (ek < 63) {
            capLo &= ~(1L << ek);
        } else {
            capHi &= ~(1L << (ek - 63));
        }
        if ((capLo | capHi) != 0) {
            computePinned(them);
            long pinLo = aLo, pinHi = aHi;
            while ((capLo | capHi) != 0) {
                int a;
                if (capLo != 0) {
                    a = Long.numberOfTrailingZeros(capLo);
                    capLo &= capLo - 1;
                } else {
                    a = 63 + Long.numberOfTrailingZeros(capHi);
                    capHi &= capHi - 1;
                }
                if (!contains(pinLo, pinHi, a) || aligned(ek, a, ps)) {
                    return false;
                }
            }
        }
        long kLo = KING_LO[ek] & ~colorLo[them], kHi = KING_HI[ek] & ~colorHi[them];
        long xLo = oLo & ~SQ_LO[ek], xHi = oHi & ~SQ_HI[ek];
        while ((kLo | kHi) != 0) {
            int t;
            if (kLo != 0) {
                t = Long.numberOfTrailingZeros(kLo);
                kLo &= kLo - 1;
            } else {
                t = 63 + Long.numberOfTrailingZeros(kHi);
                kHi &= kHi - 1;
            }
            if (!attacked(us, t, xLo, xHi)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a legal move gives check to the opponent's king (directly or by discovery). */
    public boolean givesCheck(int m) {
        int them = side ^ 1;
        int ek = kingSq[them];
        if (ek == NO_SQUARE) {
            return false;
        }
        int to = m & 127;
        long oLo = occLo | SQ_LO[to], oHi = occHi | SQ_HI[to];
        boolean drop = (m & Move.DROP_FLAG) != 0;
        int from = (m >>> 7) & 127;
        if (!drop) {
            oLo &= ~SQ_LO[from];
            oHi &= ~SQ_HI[from];
        }
        pieceAttacks(Move.pieceAfter(m), to, oLo, oHi);
        if (contains(aLo, aHi, ek)) {
            return true;
        }
        if (drop) {
            return false;
        }
        int d = DIRECTION[ek * 81 + from];
        if (d < 0 || aligned(ek, from, to)) {
            return false;
        }
        return sliderOn(side, ek, d, oLo, oHi) >= 0;
    }

    /** Whether a pawn dropped by the side to move on {@code sq} would be uchifuzume (a mating pawn drop). */
    public boolean isUchifuzume(int sq) {
        int ek = kingSq[side ^ 1];
        if (ek == NO_SQUARE || sq != (side == 0 ? ek + 1 : ek - 1) || Square.file(sq) != Square.file(ek) || board[sq] != 0) {
            return false;
        }
        return isPawnDropMate(side, sq);
    }

    @Override
    public String toString() {
        return Setups.sfen(this);
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
     * Writes the legal moves that give check (directly or by discovery, drops included) from {@code start}
     * on and returns the new end: the moves of {@code generate(LEGAL | GEN_CHECKS, …)}, or with
     * {@code all} those of {@code generate(LEGAL_ALL | GEN_CHECKS, …)}, which adds the non-promotions of
     * pawn, bishop and rook (and lance to the second rank) that give check. Computed from the squares that
     * attack the enemy king rather than by generating every move and filtering. Allocates nothing.
     */
    public int generateChecks(boolean all, int[] buf, int start) {
        return checkGenerator().generate(all ? LEGAL_ALL : LEGAL, buf, start);
    }

    /**
     * The pieces of colour {@code color} that attack {@code sq} with the occupancy {@code occLo}/{@code occHi}
     * (pass {@link #occupiedLo()}/{@link #occupiedHi()} for the board as it stands, or an occupancy with
     * pieces removed to see x-ray attackers, as static exchange evaluation does): the low word (squares
     * 0–62, files 1–7) goes to {@code out[0]}, the high word (63–80) to {@code out[1]}. Allocates nothing.
     */
    public void attackersTo(int color, int sq, long occLo, long occHi, long[] out) {
        AttackWords w = attackWords();
        w.attackersTo(color, sq, occLo, occHi);
        out[0] = w.lo;
        out[1] = w.hi;
    }

    /**
     * The squares a piece (a {@link Piece} code, with its colour) standing on {@code sq} would attack with the
     * occupancy {@code occLo}/{@code occHi}, as low and high words in {@code out[0]} and {@code out[1]}.
     */
    public void attacksFrom(int piece, int sq, long occLo, long occHi, long[] out) {
        AttackWords w = attackWords();
        w.piece(piece, sq, occLo, occHi);
        out[0] = w.lo;
        out[1] = w.hi;
    }

    /**
     * The pieces of colour {@code color} pinned against their own king (each the only piece between the king
     * and an enemy slider aimed at it), as low and high words in {@code out[0]} and {@code out[1]}; both 0
     * if the colour has no king.
     */
    public void pinned(int color, long[] out) {
        AttackWords w = attackWords();
        w.blockers(color, color);
        out[0] = w.lo;
        out[1] = w.hi;
    }

    /**
     * The pieces of colour {@code color} that stand alone between one of its sliders and the enemy king, so
     * that moving one off that line gives discovered check; low and high words in {@code out[0]} and
     * {@code out[1]}.
     */
    public void discoveredCheckers(int color, long[] out) {
        AttackWords w = attackWords();
        w.blockers(color ^ 1, color);
        out[0] = w.lo;
        out[1] = w.hi;
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

    // Helpers of the search support, created on first use (a copy makes its own).
    private AttackWords attackWords;
    private CheckGenerator checkGenerator;
    private MoveLegality moveLegality;
    private MateOnePly mateOnePly;

    private MateOnePly mateOnePly() {
        MateOnePly m = mateOnePly;
        if (m == null) {
            m = mateOnePly = new MateOnePly(this, attackWords());
        }
        return m;
    }

    private MoveLegality moveLegality() {
        MoveLegality l = moveLegality;
        if (l == null) {
            l = moveLegality = new MoveLegality(this, attackWords());
        }
        return l;
    }

    AttackWords attackWords() {
        AttackWords w = attackWords;
        if (w == null) {
            w = attackWords = new AttackWords(this);
        }
        return w;
    }

    private CheckGenerator checkGenerator() {
        CheckGenerator g = checkGenerator;
        if (g == null) {
            g = checkGenerator = new CheckGenerator(this, attackWords());
        }
        return g;
    }
}
