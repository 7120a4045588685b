package dev.meijin.engine;

import dev.meijin.core.Move;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;

/**
 * Staged move ordering for one node of the main search: moves are generated only when the search gets to
 * them, because most nodes end (a cut-off) after the first move or the first few.
 *
 * <ol>
 *   <li>the table move, tested on its own with {@link Position#isLegal(int)};
 *   <li>the legal captures, most valuable victim first (then capture history); each is checked by static
 *       exchange only when it comes up, and one that loses material is put aside;
 *   <li>the two killer moves and the counter move, each tested on its own if it is a quiet move here;
 *   <li>the quiet moves (drops included), generated now, by history; quiet promotions first if they do not
 *       lose material;
 *   <li>the captures put aside.
 * </ol>
 *
 * In check every evasion is generated at once after the table move and ordered the same way. {@link #score}
 * keeps the old single-list scale (table move, good captures, killers, history, bad captures), which the
 * reductions read. After {@link #skipQuiets()} only quiet moves that give check or promote are still returned.
 * One picker per ply, reused: nothing is allocated per node.
 */
final class MovePicker {
    static final int SCORE_TT = 1 << 30;
    static final int SCORE_GOOD_CAPTURE = 1 << 28;
    static final int SCORE_KILLER = 1 << 27;
    static final int SCORE_BAD_CAPTURE = -(1 << 20);

    private static final int TT = 0, GEN_CAPTURES = 1, GOOD_CAPTURES = 2, KILLER0 = 3, KILLER1 = 4, COUNTER = 5,
            GEN_QUIETS = 6, QUIETS = 7, BAD_CAPTURES = 8, GEN_EVASIONS = 9, EVASIONS = 10, DONE = 11;

    private final Position pos;
    private final int[] history;
    private final int[] captureHistory;
    private final short[] continuation;
    /** The continuation-history rows of the moves one and two plies before, or -1 where there is none. */
    private int cont1, cont2;
    // Captures from 0, quiets after them; the generator asks for MAX_MOVES free entries from where it starts.
    private final int[] moves = new int[2 * Position.MAX_MOVES];
    private final int[] scores = new int[2 * Position.MAX_MOVES];
    private int stage;
    private int cur, end, capEnd, badEnd;
    private int ttMove, killer0, killer1, counterMove;
    private int side;
    private boolean evasion;
    private boolean skipQuiets;
    /** The ordering score of the move last returned by {@link #next()}. */
    int score;

    MovePicker(Position pos, int[] history, int[] captureHistory, short[] continuation) {
        this.pos = pos;
        this.history = history;
        this.captureHistory = captureHistory;
        this.continuation = continuation;
    }

    /**
     * The continuation history of the moves one and two plies before (each a real move or not), for the quiet
     * moves' order; set after {@link #init}.
     */
    void continuation(int prev1, int prev2) {
        cont1 = Move.isReal(prev1) ? Histories.pieceTo(prev1) * Histories.PIECE_TO : -1;
        cont2 = Move.isReal(prev2) ? Histories.pieceTo(prev2) * Histories.PIECE_TO : -1;
    }

    /** A quiet move's history score: its own history and how it did after the two moves before it. */
    private int quietScore(int base16, int m) {
        int s = history[base16 | Move.move16(m)];
        int pt = Histories.pieceTo(m);
        if (cont1 >= 0) {
            s += continuation[cont1 + pt];
        }
        if (cont2 >= 0) {
            s += continuation[cont2 + pt];
        }
        return s;
    }

    /** Starts a node: the position's side to move, its table move and the ply's killers and counter move. */
    void init(int ttMove, int killer0, int killer1, int counterMove, boolean inCheck) {
        this.ttMove = ttMove;
        this.killer0 = killer0;
        this.killer1 = killer1 == killer0 ? Move.NONE : killer1;
        this.counterMove = counterMove == killer0 || counterMove == killer1 ? Move.NONE : counterMove;
        this.evasion = inCheck;
        this.side = pos.sideToMove();
        this.skipQuiets = false;
        this.stage = TT;
        this.cont1 = -1;
        this.cont2 = -1;
    }

    /** From now on, quiet moves that neither give check nor promote are left out. */
    void skipQuiets() {
        if (skipQuiets) {
            return;
        }
        skipQuiets = true;
        if (stage == QUIETS) {
            int k = cur;
            for (int i = cur; i < end; i++) {
                int m = moves[i];
                if (Move.isPromotion(m) || pos.givesCheck(m)) {
                    moves[k] = m;
                    scores[k++] = scores[i];
                }
            }
            end = k;
        }
    }

    /** The next legal move, or {@link Move#NONE} when there is none left. */
    int next() {
        while (true) {
            switch (stage) {
                case TT -> {
                    stage = evasion ? GEN_EVASIONS : GEN_CAPTURES;
                    if (ttMove != Move.NONE && pos.isLegal(ttMove)) {
                        score = SCORE_TT;
                        return ttMove;
                    }
                    ttMove = Move.NONE;
                }
                case GEN_CAPTURES -> {
                    end = pos.generate(GenType.CAPTURES, moves, 0);
                    for (int i = 0; i < end; i++) {
                        int m = moves[i];
                        int cap = pos.pieceAt(Move.to(m));
                        scores[i] = Worker.VALUE[cap & 15] * 8 + captureHistory[Worker.captureIndex(m, cap)] / 16;
                    }
                    cur = 0;
                    badEnd = 0;
                    capEnd = end;
                    stage = GOOD_CAPTURES;
                }
                case GOOD_CAPTURES -> {
                    while (cur < end) {
                        selectBest();
                        int m = moves[cur];
                        int v = scores[cur++];
                        if (m == ttMove) {
                            continue;
                        }
                        if (pos.seeGe(m, 0, Worker.VALUE)) {
                            score = SCORE_GOOD_CAPTURE + v;
                            return m;
                        }
                        moves[badEnd] = m; // slots before cur are spent
                        scores[badEnd++] = v;
                    }
                    stage = KILLER0;
                }
                case KILLER0 -> {
                    stage = KILLER1;
                    if (quietHere(killer0)) {
                        score = SCORE_KILLER;
                        return killer0;
                    }
                }
                case KILLER1 -> {
                    stage = COUNTER;
                    if (quietHere(killer1)) {
                        score = SCORE_KILLER - 1;
                        return killer1;
                    }
                }
                case COUNTER -> {
                    stage = GEN_QUIETS;
                    if (quietHere(counterMove)) {
                        score = SCORE_KILLER - 2;
                        return counterMove;
                    }
                }
                case GEN_QUIETS -> {
                    int n = pos.generate(GenType.QUIETS, moves, capEnd);
                    int k = capEnd;
                    int base16 = side << 16;
                    for (int i = capEnd; i < n; i++) {
                        int m = moves[i];
                        if (m == ttMove || m == killer0 || m == killer1 || m == counterMove) {
                            continue;
                        }
                        int s;
                        if (Move.isPromotion(m)) {
                            int v = captureHistory[Worker.captureIndex(m, 0)] / 16;
                            s = pos.seeGe(m, 0, Worker.VALUE) ? SCORE_GOOD_CAPTURE + v : SCORE_BAD_CAPTURE + v;
                        } else if (skipQuiets && !pos.givesCheck(m)) {
                            continue;
                        } else {
                            s = quietScore(base16, m);
                        }
                        moves[k] = m;
                        scores[k++] = s;
                    }
                    cur = capEnd;
                    end = k;
                    stage = QUIETS;
                }
                case QUIETS -> {
                    if (cur < end) {
                        selectBest();
                        score = scores[cur];
                        return moves[cur++];
                    }
                    cur = 0;
                    stage = BAD_CAPTURES;
                }
                case BAD_CAPTURES -> {
                    if (cur < badEnd) {
                        score = SCORE_BAD_CAPTURE + scores[cur];
                        return moves[cur++];
                    }
                    stage = DONE;
                }
                case GEN_EVASIONS -> {
                    int n = pos.generate(GenType.LEGAL, moves, 0); // in check: the evasions
                    int k = 0;
                    int base16 = side << 16;
                    for (int i = 0; i < n; i++) {
                        int m = moves[i];
                        if (m == ttMove) {
                            continue;
                        }
                        int cap = pos.pieceAt(Move.to(m));
                        int s;
                        if (cap != 0 || Move.isPromotion(m)) {
                            int v = Worker.VALUE[cap & 15] * 8 + captureHistory[Worker.captureIndex(m, cap)] / 16;
                            s = pos.seeGe(m, 0, Worker.VALUE) ? SCORE_GOOD_CAPTURE + v : SCORE_BAD_CAPTURE + v;
                        } else if (m == killer0) {
                            s = SCORE_KILLER;
                        } else if (m == killer1) {
                            s = SCORE_KILLER - 1;
                        } else if (m == counterMove) {
                            s = SCORE_KILLER - 2;
                        } else {
                            s = quietScore(base16, m);
                        }
                        moves[k] = m;
                        scores[k++] = s;
                    }
                    cur = 0;
                    end = k;
                    stage = EVASIONS;
                }
                case EVASIONS -> {
                    if (cur < end) {
                        selectBest();
                        score = scores[cur];
                        return moves[cur++];
                    }
                    stage = DONE;
                }
                default -> {
                    return Move.NONE;
                }
            }
        }
    }

    /** Whether a killer or counter move is a legal quiet move here (and not the table move, already returned). */
    private boolean quietHere(int m) {
        return m != Move.NONE && m != ttMove && pos.pieceAt(Move.to(m)) == 0 && pos.isLegal(m)
                && (!skipQuiets || Move.isPromotion(m) || pos.givesCheck(m));
    }

    /** Swaps the best-scored move of {@code cur..end-1} to {@code cur} (the first of equals stays first). */
    private void selectBest() {
        int bi = cur;
        int bs = scores[cur];
        for (int j = cur + 1; j < end; j++) {
            if (scores[j] > bs) {
                bs = scores[j];
                bi = j;
            }
        }
        if (bi != cur) {
            int m = moves[bi];
            moves[bi] = moves[cur];
            scores[bi] = scores[cur];
            moves[cur] = m;
            scores[cur] = bs;
        }
    }
}
