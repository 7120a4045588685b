package dev.meijin.engine;

import static dev.meijin.engine.Scores.INFINITE;
import static dev.meijin.engine.Scores.MATE_IN_MAX;
import static dev.meijin.engine.Scores.MAX_PLY;
import static dev.meijin.engine.Scores.NONE;
import static dev.meijin.engine.Scores.mateIn;
import static dev.meijin.engine.Scores.matedIn;
import static dev.meijin.engine.TranspositionTable.BOUND_EXACT;
import static dev.meijin.engine.TranspositionTable.BOUND_LOWER;
import static dev.meijin.engine.TranspositionTable.BOUND_UPPER;

import dev.meijin.core.Move;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.engine.eval.Evaluator;
import java.util.ArrayList;
import java.util.List;

/**
 * One search thread: iterative deepening over a principal-variation alpha-beta search with aspiration windows,
 * quiescence, pruning and reductions, on its own copy of the root position. Several workers share one
 * {@link TranspositionTable} (lazy SMP); worker 0 reports and watches the clock. Everything a node needs is
 * preallocated here: move lists, scores, principal variations and histories are primitive arrays indexed by ply.
 */
final class Worker implements Runnable {
    static final int[] VALUE = {0, 90, 230, 260, 370, 560, 640, 440, 15000, 530, 490, 510, 495, 830, 950, 0};
    private static final int[][] LMR = new int[64][64];
    /** Marks a pass in {@code played}: no real move has equal origin and destination. */
    private static final int NULL_MOVE = (1 << 7) | 1;

    static {
        for (int d = 1; d < 64; d++) {
            for (int m = 1; m < 64; m++) {
                LMR[d][m] = (int) (0.5 + Math.log(d) * Math.log(m) / 2.1);
            }
        }
    }

    final int id;
    private final SearchRun run;
    private final Position pos;
    private final Evaluator eval;
    volatile long nodes;
    private long localNodes;
    int seldepth;
    int completedDepth;

    // Per-ply stacks.
    private final int[][] moves = new int[MAX_PLY + 1][Position.MAX_MOVES];
    private final int[][] order = new int[MAX_PLY + 1][Position.MAX_MOVES];
    private final int[][] quiets = new int[MAX_PLY + 1][64];
    private final int[][] pv = new int[MAX_PLY + 2][MAX_PLY + 2];
    private final int[] pvLen = new int[MAX_PLY + 2];
    private final int[] staticEval = new int[MAX_PLY + 2];
    private final int[] killer0 = new int[MAX_PLY + 2], killer1 = new int[MAX_PLY + 2];
    private final int[] played = new int[MAX_PLY + 2];

    // Histories (kept by the engine between the searches of a game).
    private final int[] history;
    private final short[] continuation;
    private final int[] captureHistory;
    private final int[] counter;
    private final short[] pawnCorrection;
    private final short[] handCorrection;
    private final short[] kingCorrection;
    private final short[] shellCorrection;
    private final MovePicker[] pickers = new MovePicker[MAX_PLY + 1];


    // Root.
    final int[] rootMoves;
    final int[] rootScores;
    final int[] rootPrev;
    final int[][] rootPv;
    final int[] rootPvLen;
    private int rootDepth;
    private int pvIdx;
    private final int drawValue;
    private final EnteringKingRule rule;
    // The search features, all on unless an ablation match switches one off (DisableSearchFeature).
    private final boolean nullMove;
    private final boolean lmr;
    private final boolean shallowPruning;
    private final boolean reverseFutility;
    private final boolean razoring;
    private final boolean onePlyMate;
    private final boolean checkExtension;
    private final boolean aspiration;
    private final boolean iir;
    private final boolean evasionPruning;
    private final boolean continuationHistory;
    private final boolean correctionHistory;

    Worker(int id, SearchRun run, Evaluator eval, Histories h) {
        this.id = id;
        this.history = h.history;
        this.captureHistory = h.captureHistory;
        this.counter = h.counter;
        this.continuation = h.continuation;
        this.pawnCorrection = h.pawnCorrection;
        this.handCorrection = h.handCorrection;
        this.kingCorrection = h.kingCorrection;
        this.shellCorrection = h.shellCorrection;
        this.run = run;
        this.pos = run.root.copy();
        this.eval = eval;
        rootMoves = run.rootMoves.clone();
        rootScores = new int[rootMoves.length];
        rootPrev = new int[rootMoves.length];
        rootPv = new int[rootMoves.length][MAX_PLY + 2];
        rootPvLen = new int[rootMoves.length];
        java.util.Arrays.fill(rootScores, -INFINITE);
        java.util.Arrays.fill(rootPrev, -INFINITE);
        for (int i = 0; i < pickers.length; i++) {
            pickers[i] = new MovePicker(pos, history, captureHistory, h.continuation);
        }
        drawValue = run.options.drawValue;
        rule = run.options.enteringKingRule;
        SearchFeature off = run.options.disabledFeature;
        nullMove = off != SearchFeature.NULL_MOVE;
        lmr = off != SearchFeature.LATE_MOVE_REDUCTIONS;
        shallowPruning = off != SearchFeature.SHALLOW_PRUNING;
        reverseFutility = off != SearchFeature.REVERSE_FUTILITY;
        razoring = off != SearchFeature.RAZORING;
        onePlyMate = off != SearchFeature.ONE_PLY_MATE;
        checkExtension = off != SearchFeature.CHECK_EXTENSION;
        aspiration = off != SearchFeature.ASPIRATION_WINDOWS;
        iir = off != SearchFeature.INTERNAL_ITERATIVE_REDUCTION;
        evasionPruning = off != SearchFeature.QUIESCENCE_EVASION_PRUNING;
        continuationHistory = off != SearchFeature.CONTINUATION_HISTORY;
        correctionHistory = off != SearchFeature.CORRECTION_HISTORY;
    }

    @Override
    public void run() {
        eval.reset(pos);
        iterate();
    }

    // ------------------------------------------------------------------ iterative deepening

    private void iterate() {
        int n = rootMoves.length;
        int multiPv = Math.min(run.multiPv, n);
        int[] lastScores = new int[multiPv];
        int bestChanges = 0;
        int lastBest = Move.NONE;
        for (int depth = 1; depth <= run.maxDepth && !run.stop; depth++) {
            if (id > 0 && depth > 2 && ((depth + id) & 1) == 0 && depth < run.maxDepth) {
                continue; // lazy SMP: helpers skip alternate depths so the threads spread over the tree
            }
            rootDepth = depth;
            System.arraycopy(rootScores, 0, rootPrev, 0, n);
            for (pvIdx = 0; pvIdx < multiPv && !run.stop; pvIdx++) {
                seldepth = 0;
                int prev = lastScores[pvIdx];
                int delta = 20;
                int alpha = -INFINITE, beta = INFINITE;
                if (aspiration && depth >= 4 && Math.abs(prev) < MATE_IN_MAX) {
                    alpha = Math.max(prev - delta, -INFINITE);
                    beta = Math.min(prev + delta, INFINITE);
                }
                while (true) {
                    int score = rootSearch(alpha, beta, depth);
                    sortRoot(pvIdx, n);
                    publishBest();
                    if (run.stop) {
                        break;
                    }
                    if (score <= alpha) {
                        beta = (alpha + beta) / 2;
                        alpha = Math.max(score - delta, -INFINITE);
                        report(depth, pvIdx, Bound.UPPER, score);
                    } else if (score >= beta) {
                        beta = Math.min(score + delta, INFINITE);
                        report(depth, pvIdx, Bound.LOWER, score);
                    } else {
                        break;
                    }
                    delta += delta / 2 + 5;
                }
                sortRoot(0, pvIdx + 1);
                publishBest();
                if (!run.stop || pvIdx == 0 && rootScores[0] > -INFINITE) {
                    lastScores[pvIdx] = rootScores[pvIdx];
                }
            }
            if (!run.stop) {
                completedDepth = depth;
            }
            if (id != 0) {
                continue;
            }
            reportAll(depth);
            if (rootMoves[0] != lastBest) {
                bestChanges++;
                lastBest = rootMoves[0];
            }
            if (run.stop) {
                break;
            }
            if (run.time.timed && !run.time.useAll && !run.pondering && depth >= 4) {
                double stretch = 1.0 + Math.min(bestChanges, 6) * 0.15;
                bestChanges = Math.max(0, bestChanges - 1);
                long elapsed = run.elapsedMs();
                if (elapsed > run.time.optimum * stretch * 0.6) {
                    run.stop = true;
                }
            }
            int best = rootScores[0];
            if (Math.abs(best) >= MATE_IN_MAX && depth > 2 * (Scores.MATE - Math.abs(best)) + 4 && !run.limits.infinite()
                    && run.limits.depth() == 0 && !run.pondering) {
                break; // a proven mate needs no deeper search
            }
        }
        if (id == 0 && completedDepth == 0 && rootScores[0] == -INFINITE) {
            reportAll(1);
        }
    }

    /** The main thread's best root move so far, for the hard-stop watchdog ({@link SearchRun#bestSoFar}). */
    private void publishBest() {
        if (id == 0) {
            run.bestSoFar = SearchRun.pack(rootMoves[0], ponderMove());
        }
    }

    /** Orders root moves {@code from..to-1} by score, best first (stable, insertion sort). */
    private void sortRoot(int from, int to) {
        for (int i = from + 1; i < to; i++) {
            int m = rootMoves[i], s = rootScores[i], p = rootPrev[i], l = rootPvLen[i];
            int[] line = rootPv[i];
            int j = i - 1;
            while (j >= from && rootScores[j] < s) {
                rootMoves[j + 1] = rootMoves[j];
                rootScores[j + 1] = rootScores[j];
                rootPrev[j + 1] = rootPrev[j];
                rootPvLen[j + 1] = rootPvLen[j];
                rootPv[j + 1] = rootPv[j];
                j--;
            }
            rootMoves[j + 1] = m;
            rootScores[j + 1] = s;
            rootPrev[j + 1] = p;
            rootPvLen[j + 1] = l;
            rootPv[j + 1] = line;
        }
    }

    private void report(int depth, int idx, Bound bound, int score) {
        if (id != 0 || run.elapsedMs() < 2000) {
            return;
        }
        run.info.accept(line(depth, idx, bound, score));
    }

    private void reportAll(int depth) {
        int multiPv = Math.min(run.multiPv, rootMoves.length);
        for (int i = 0; i < multiPv; i++) {
            int s = rootScores[i] == -INFINITE ? rootPrev[i] : rootScores[i];
            if (s == -INFINITE) {
                continue;
            }
            run.info.accept(line(rootScores[i] == -INFINITE ? Math.max(1, depth - 1) : depth, i, Bound.EXACT, s));
        }
    }

    private SearchInfo.Line line(int depth, int idx, Bound bound, int score) {
        nodes = localNodes;
        long ms = run.elapsedMs();
        long nodesAll = run.nodes();
        List<String> line = new ArrayList<>();
        for (int i = 0; i < rootPvLen[idx]; i++) {
            line.add(Move.usi(rootPv[idx][i]));
        }
        if (line.isEmpty()) {
            line.add(Move.usi(rootMoves[idx]));
        }
        return new SearchInfo.Line(depth, Math.max(seldepth, depth), ms, nodesAll, ms > 0 ? nodesAll * 1000 / ms : nodesAll * 1000,
                run.tt.hashfull(), Scores.toScore(score), bound, idx + 1, line);
    }

    // ------------------------------------------------------------------ root

    private int rootSearch(int alpha, int beta, int depth) {
        int best = -INFINITE;
        int n = rootMoves.length;
        played[0] = Move.NONE;
        for (int i = pvIdx; i < n; i++) {
            int m = rootMoves[i];
            if (id == 0 && run.elapsedMs() > 3000) {
                run.info.accept(new SearchInfo.CurrentMove(depth, Move.usi(m), i + 1));
            }
            boolean check = pos.givesCheck(m);
            int newDepth = depth - 1 + (check ? 1 : 0);
            play(m, 0, check);
            int score;
            if (i == pvIdx) {
                score = -search(-beta, -alpha, newDepth, 1, false);
            } else {
                int r = depth >= 3 && i > pvIdx + 3 && !check && !Move.isPromotion(m) && pos.lastCaptured() == 0 ? 1 : 0;
                score = -search(-alpha - 1, -alpha, newDepth - r, 1, true);
                if (score > alpha) {
                    score = -search(-beta, -alpha, newDepth, 1, false);
                }
            }
            unplay();
            if (run.stop) {
                break;
            }
            if (i == pvIdx || score > alpha) {
                rootScores[i] = score;
                rootPv[i][0] = m;
                int len = pvLen[1] - 1;
                System.arraycopy(pv[1], 1, rootPv[i], 1, Math.max(0, len));
                rootPvLen[i] = Math.max(1, len + 1);
            } else {
                rootScores[i] = -INFINITE;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    alpha = score;
                    if (score >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    // ------------------------------------------------------------------ helpers

    /** Plays a move at {@code ply}, keeping evaluation and repetition history in step. */
    private void play(int m, int ply) {
        eval.beforeMove(pos, m);
        pos.doMove(m);
        played[ply] = m;
    }

    /** {@link #play(int, int)} for a move whose check status is known (the position skips its own test). */
    private void play(int m, int ply, boolean check) {
        eval.beforeMove(pos, m);
        pos.doMove(m, check);
        played[ply] = m;
    }

    private void unplay() {
        pos.undoMove();
        eval.afterUndo(pos);
    }

    private void checkLimits() {
        if (id != 0) {
            return;
        }
        if (run.maxNodes > 0 && run.nodes() >= run.maxNodes) {
            run.stop = true;
        } else if (run.time.timed && !run.pondering && run.elapsedMs() >= run.time.maximum && rootDepth > 1) {
            run.stop = true;
        }
    }

    private void countNode() {
        long n = ++localNodes;
        if ((n & 255) == 0) {
            nodes = n;
            checkLimits();
        }
    }

    /** The draw score for the side to move at {@code ply} (the option is from the root side's view). */
    private int drawScore(int ply) {
        return (ply & 1) == 0 ? drawValue : -drawValue;
    }

    /** Plies the repetition test looks back (the game history before the root included). */
    private static final int REPETITION_PLIES = 32;

    /**
     * The score of the repetition state at {@code ply} (the core's rule: a draw, a win or loss by perpetual
     * check, or a superior or inferior repetition), or {@link Scores#NONE} if there is none.
     */
    private int repetition(int ply) {
        return switch (pos.repetition(REPETITION_PLIES)) {
            case NONE -> NONE;
            case DRAW -> drawScore(ply);
            case WIN -> mateIn(ply);
            case LOSE -> matedIn(ply);
            case SUPERIOR -> Scores.SUPERIOR;
            case INFERIOR -> -Scores.SUPERIOR;
        };
    }

    private int evaluate() {
        return eval.evaluate(pos);
    }

    // ------------------------------------------------------------------ main search

    private int search(int alpha, int beta, int depth, int ply, boolean cutNode) {
        if (depth <= 0) {
            return qsearch(alpha, beta, ply);
        }
        countNode();
        pvLen[ply] = ply;
        if (run.stop) {
            return 0;
        }
        boolean pvNode = beta - alpha > 1;
        if (ply > seldepth) {
            seldepth = ply;
        }
        int rep = repetition(ply);
        if (rep != NONE) {
            return rep;
        }
        if (run.options.maxMovesToDraw > 0 && pos.moveNumber() > run.options.maxMovesToDraw) {
            return drawScore(ply);
        }
        // Mate distance pruning.
        alpha = Math.max(alpha, matedIn(ply));
        beta = Math.min(beta, mateIn(ply + 1));
        if (alpha >= beta) {
            return alpha;
        }
        if (ply >= MAX_PLY - 2) {
            return evaluate();
        }
        if (Declaration.canDeclare(pos, rule)) {
            return mateIn(ply + 1);
        }
        boolean inCheck = pos.inCheck();
        long key = pos.key();
        long tte = run.tt.probe(key);
        int ttMove = Move.NONE;
        int ttScore = NONE;
        if (tte != 0) {
            ttMove = TranspositionTable.move(tte);
            ttScore = TranspositionTable.fromTt(TranspositionTable.score(tte), ply);
            int b = TranspositionTable.bound(tte);
            if (!pvNode && TranspositionTable.depth(tte) >= depth
                    && (b == BOUND_EXACT || b == BOUND_LOWER && ttScore >= beta || b == BOUND_UPPER && ttScore <= alpha)) {
                return ttScore;
            }
        }
        int se;
        if (inCheck) {
            se = NONE;
        } else if (reverseFutility && !pvNode && depth <= 7 && beta > -MATE_IN_MAX && beta < MATE_IN_MAX) {
            // Where the reverse futility pruning below is sure to cut whatever the evaluation's costly terms add (its
            // margin is at most 110 per ply), a lower bound on the evaluation is enough (Evaluator#evaluate(Position,
            // int, int)) and is returned instead of the evaluation: the same cut, a lower fail-soft score.
            int sure = beta + 110 * depth;
            int c = correction();
            se = eval.evaluate(pos, -INFINITE, sure - c) + c;
            if (se >= sure) {
                return se;
            }
        } else {
            se = evaluate() + correction();
        }
        staticEval[ply] = se;
        boolean improving = !inCheck && ply >= 2 && staticEval[ply - 2] != NONE && se > staticEval[ply - 2];
        // Reverse futility pruning. It comes before the mate in one: a mate found here would fail high as well,
        // with the same effect on the parent, so the mate test is spared where the node fails high anyway.
        if (reverseFutility && !pvNode && !inCheck && depth <= 7 && se - (110 - (improving ? 30 : 0)) * depth >= beta && se < MATE_IN_MAX
                && beta > -MATE_IN_MAX) {
            return se;
        }
        // One-ply mate: a checking move that leaves no legal reply (the core's test, without playing the checks),
        // before razoring, which must not fail low where a mate exists.
        // A table entry of the main search (depth 1 or more) without a winning mate score means the test already
        // ran on this very position and found nothing, so it is not repeated.
        boolean mateTested = tte != 0 && TranspositionTable.depth(tte) >= 1 && ttScore < MATE_IN_MAX;
        if (!inCheck) {
            int m = mateTested || !onePlyMate ? Move.NONE : pos.mate1Ply();
            if (m != Move.NONE) {
                int s = mateIn(ply + 1);
                run.tt.store(key, m, Math.min(depth + 6, MAX_PLY), BOUND_EXACT, TranspositionTable.toTt(s, ply), 0);
                pv[ply][ply] = m;
                pvLen[ply] = ply + 1;
                return s;
            }
            if (rule == EnteringKingRule.TRY_RULE) {
                int target = Declaration.trySquare(pos.sideToMove());
                int k = pos.kingSquare(pos.sideToMove());
                if (k != Position.NO_SQUARE && pos.isLegal(Move.normal(k, target, pos.pieceAt(k)))) {
                    return mateIn(ply + 1); // the king reaches the opponent's king square safely
                }
            }
        }
        if (razoring && !pvNode && !inCheck) {
            // Razoring.
            if (depth <= 2 && se + 350 * depth < alpha) {
                int q = qsearch(alpha - 1, alpha, ply);
                if (q < alpha) {
                    return q;
                }
            }
        }
        // Null-move pruning.
        if (nullMove && !pvNode && !inCheck && depth >= 3 && se >= beta && ply > 0 && played[ply - 1] != NULL_MOVE && beta > -MATE_IN_MAX
                && beta < MATE_IN_MAX) {
            int r = 3 + depth / 4 + Math.min(3, (se - beta) / 200);
            eval.beforeNullMove();
            pos.doNullMove();
            played[ply] = NULL_MOVE;
            int score = -search(-beta, -beta + 1, depth - r, ply + 1, !cutNode);
            pos.undoNullMove();
            eval.afterNullUndo();
            if (run.stop) {
                return 0;
            }
            if (score >= beta) {
                return score >= MATE_IN_MAX ? beta : score;
            }
        }
        // Internal iterative reduction.
        if (iir && ttMove == Move.NONE && depth >= 6 && (pvNode || cutNode)) {
            depth--;
        }
        // The moves, generated in stages as they are needed (see MovePicker).
        int prev = ply > 0 ? played[ply - 1] : Move.NONE;
        int counterMove = Move.isReal(prev) ? counter[(Move.piece(prev) & 31) * 81 + Move.to(prev)] : Move.NONE;
        MovePicker mp = pickers[ply];
        mp.init(ttMove, killer0[ply], killer1[ply], counterMove, inCheck);
        int prev2 = ply > 1 ? played[ply - 2] : Move.NONE;
        if (continuationHistory) {
            mp.continuation(prev, prev2);
        }
        int best = -INFINITE;
        int bestMove = Move.NONE;
        int moveCount = 0;
        int quietCount = 0;
        int[] tried = quiets[ply];
        int oldAlpha = alpha;
        int m;
        while ((m = mp.next()) != Move.NONE) {
            int ms = mp.score;
            int cap = pos.pieceAt(Move.to(m));
            boolean quiet = cap == 0 && !Move.isPromotion(m);
            boolean check = pos.givesCheck(m);
            moveCount++;
            // Shallow-depth pruning.
            if (shallowPruning && !pvNode && best > -MATE_IN_MAX && !inCheck) {
                if (quiet && !check) {
                    boolean late = depth <= 8 && moveCount > (3 + depth * depth) / (improving ? 1 : 2);
                    if (late || depth <= 6 && se + 120 + 140 * depth <= alpha) {
                        // Late-move or futility pruning. Both stay true for the rest of this node (move count and
                        // alpha only grow), so the picker leaves out every later quiet move without check at once.
                        mp.skipQuiets();
                        continue;
                    }
                    if (depth <= 3 && ms < (1 << 27) - 2 && ms < -4000 * depth) {
                        continue; // history pruning: a quiet move that has failed again and again here
                    }
                    if (depth <= 4 && !seeGe(m, -60 * depth)) {
                        continue;
                    }
                } else if (depth <= 5 && !check && !seeGe(m, -120 * depth)) {
                    continue;
                }
            }
            if (shallowPruning && inCheck && !pvNode && best > -MATE_IN_MAX && quiet && !check && depth <= 4 && moveCount > 2 + 2 * depth) {
                continue; // move-count pruning of late quiet evasions (mostly drops between) once one has escaped the mate
            }
            int ext = checkExtension && check && ply < 2 * rootDepth && (depth <= 4 || seeGe(m, 0)) ? 1 : 0;
            int newDepth = depth - 1 + ext;
            play(m, ply, check);
            int score;
            if (lmr && depth >= 3 && moveCount > 1 + (pvNode ? 1 : 0) && (quiet || ms < 0)) {
                int r = LMR[Math.min(depth, 63)][Math.min(moveCount, 63)];
                if (!pvNode) {
                    r++;
                }
                if (cutNode) {
                    r++;
                }
                if (!improving) {
                    r++;
                }
                if (check || inCheck) {
                    r--;
                }
                if (ms >= (1 << 27) - 2) {
                    r--; // killers and counter move
                } else if (quiet) {
                    r -= ms / 10000; // the move's ordering score: its own history and the continuation histories
                }
                r = Math.max(0, Math.min(r, newDepth - 1));
                score = -search(-alpha - 1, -alpha, newDepth - r, ply + 1, true);
                if (score > alpha && r > 0) {
                    score = -search(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
                }
            } else if (!pvNode || moveCount > 1) {
                score = -search(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
            } else {
                score = alpha + 1; // first move of a PV node: full window below
            }
            if (pvNode && (moveCount == 1 || score > alpha)) {
                score = -search(-beta, -alpha, newDepth, ply + 1, false);
            }
            unplay();
            if (run.stop) {
                return 0;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    bestMove = m;
                    if (pvNode) {
                        updatePv(ply, m);
                    }
                    if (score >= beta) {
                        updateStats(m, cap, quiet, depth, ply, tried, quietCount, prev, prev2);
                        break;
                    }
                    alpha = score;
                }
            }
            if (quiet && quietCount < 64) {
                tried[quietCount++] = m;
            }
        }
        if (moveCount == 0) {
            return matedIn(ply); // no legal move loses, in check or not
        }
        int bound = best >= beta ? BOUND_LOWER : bestMove != Move.NONE && best > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
        run.tt.store(key, bestMove, depth, bound, TranspositionTable.toTt(best, ply), se == NONE ? 0 : se);
        // The searched score corrects the evaluation where it says more than a bound on the side already known:
        // not after a capture (the evaluation is of the quiet position), not a fail-high at or below the
        // evaluation, not a fail-low at or above it.
        if (se != NONE && (bestMove == Move.NONE || pos.pieceAt(Move.to(bestMove)) == 0 && !Move.isPromotion(bestMove))
                && !(best >= beta && best <= se) && !(bestMove == Move.NONE && best >= se)
                && best > -MATE_IN_MAX && best < MATE_IN_MAX) {
            updateCorrection(best - se, depth);
        }
        return best;
    }

    static int captureIndex(int m, int cap) {
        return ((Move.piece(m) & 31) * 81 + Move.to(m)) * 16 + (cap & 15);
    }

    private void updateStats(int m, int cap, boolean quiet, int depth, int ply, int[] tried, int quietCount, int prev, int prev2) {
        int bonus = Math.min(depth * depth * 12, 1500);
        if (quiet) {
            if (killer0[ply] != m) {
                killer1[ply] = killer0[ply];
                killer0[ply] = m;
            }
            int side = pos.sideToMove();
            int base16 = side << 16;
            gravity(history, base16 | (Move.move16(m) & 0xFFFF), bonus);
            for (int i = 0; i < quietCount; i++) {
                gravity(history, base16 | (Move.move16(tried[i]) & 0xFFFF), -bonus);
            }
            if (Move.isReal(prev)) {
                counter[(Move.piece(prev) & 31) * 81 + Move.to(prev)] = m;
            }
            if (continuationHistory) {
                updateContinuation(prev, m, tried, quietCount, bonus);
                updateContinuation(prev2, m, tried, quietCount, bonus);
            }
        } else {
            gravity(captureHistory, captureIndex(m, cap), bonus);
        }
    }

    /** Rewards the quiet move that cut after {@code earlier} and penalises the quiet moves tried before it. */
    private void updateContinuation(int earlier, int m, int[] tried, int quietCount, int bonus) {
        if (!Move.isReal(earlier)) {
            return;
        }
        int row = Histories.pieceTo(earlier) * Histories.PIECE_TO;
        gravity(continuation, row + Histories.pieceTo(m), bonus);
        for (int i = 0; i < quietCount; i++) {
            gravity(continuation, row + Histories.pieceTo(tried[i]), -bonus);
        }
    }

    private static void gravity(short[] table, int i, int bonus) {
        table[i] = (short) (table[i] + bonus - table[i] * Math.abs(bonus) / 16384);
    }

    private static void gravity(int[] table, int i, int bonus) {
        table[i] += bonus - table[i] * Math.abs(bonus) / 16384;
    }

    // ------------------------------------------------------------------ quiescence

    private int qsearch(int alpha, int beta, int ply) {
        countNode();
        pvLen[ply] = ply;
        if (run.stop) {
            return 0;
        }
        if (ply > seldepth) {
            seldepth = ply;
        }
        if (ply >= MAX_PLY - 2) {
            return evaluate();
        }
        boolean pvNode = beta - alpha > 1;
        boolean inCheck = pos.inCheck();
        long key = pos.key();
        long tte = run.tt.probe(key);
        int ttMove = Move.NONE;
        if (tte != 0) {
            int ttScore = TranspositionTable.fromTt(TranspositionTable.score(tte), ply);
            int b = TranspositionTable.bound(tte);
            ttMove = TranspositionTable.move(tte);
            if (!pvNode && (b == BOUND_EXACT || b == BOUND_LOWER && ttScore >= beta || b == BOUND_UPPER && ttScore <= alpha)) {
                return ttScore;
            }
        }
        int[] list = moves[ply];
        int[] sc = order[ply];
        int best;
        int standPat = NONE;
        boolean exactStandPat = false;
        int n;
        if (inCheck) {
            n = pos.generate(GenType.LEGAL, list, 0);
            if (n == 0) {
                return matedIn(ply);
            }
            best = -INFINITE;
        } else {
            // Outside the window the evaluation may be a bound (Evaluator#evaluate(Position, int, int)): at least
            // beta, a cut as before; at most alpha, it stands for the best score, and delta pruning measures from
            // it, which can only keep more captures than the exact value would.
            int c = correction();
            standPat = eval.evaluate(pos, alpha - c, beta - c) + c;
            if (standPat >= beta) {
                return standPat;
            }
            if (standPat > alpha) {
                alpha = standPat;
                exactStandPat = true;
            }
            best = standPat;
            n = pos.generate(GenType.CAPTURES, list, 0);
        }
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int m = list[i];
            int cap = pos.pieceAt(Move.to(m));
            if (!inCheck && standPat + 2 * VALUE[cap & 15] + 200 <= alpha && !Move.isPromotion(m)) {
                continue; // delta pruning: alpha only grows, so the move would be pruned whenever it came up
            }
            list[kept] = m;
            sc[kept++] = m == ttMove ? 1 << 30 : VALUE[cap & 15] * 16 - VALUE[Move.piece(m) & 15] / 16 + (Move.isPromotion(m) ? 200 : 0);
        }
        n = kept;
        int bestMove = Move.NONE;
        int oldAlpha = alpha;
        int quietEvasions = 0;
        for (int i = 0; i < n; i++) {
            int bi = i;
            for (int j = i + 1; j < n; j++) {
                if (sc[j] > sc[bi]) {
                    bi = j;
                }
            }
            int m = list[bi];
            int ms = sc[bi];
            list[bi] = list[i];
            sc[bi] = sc[i];
            list[i] = m;
            sc[i] = ms;
            if (inCheck) {
                // Once an evasion has escaped the mate, at most two quiet evasions (drops between, king steps) are
                // searched; later quiet ones, in the ordering's tail, are left out.
                if (evasionPruning && best > -MATE_IN_MAX && pos.pieceAt(Move.to(m)) == 0 && !Move.isPromotion(m) && quietEvasions++ >= 2) {
                    continue;
                }
            } else {
                int cap = pos.pieceAt(Move.to(m));
                if (standPat + 2 * VALUE[cap & 15] + 200 <= alpha && !Move.isPromotion(m)) {
                    continue; // delta pruning
                }
                if (!seeGe(m, 0)) {
                    continue;
                }
            }
            play(m, ply);
            int score = -qsearch(-beta, -alpha, ply + 1);
            unplay();
            if (run.stop) {
                return 0;
            }
            if (score > best) {
                best = score;
                if (score > alpha) {
                    bestMove = m;
                    if (pvNode) {
                        updatePv(ply, m);
                    }
                    if (score >= beta) {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        int bound = best >= beta ? BOUND_LOWER : bestMove != Move.NONE && best > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
        // The stored evaluation only where the stand-pat is exact: at or below alpha it may be a lazy bound.
        run.tt.store(key, bestMove, 0, bound, TranspositionTable.toTt(best, ply), exactStandPat ? standPat : 0);
        return best;
    }

    // ------------------------------------------------------------------ correction history

    /** The correction entries' bound, in 1/32 centipawns: each table corrects by at most 32 centipawns. */
    private static final int CORRECTION_LIMIT = 1024;
    private static final int PAWN = dev.meijin.core.Role.PAWN.code();
    private static final int SILVER = dev.meijin.core.Role.SILVER.code();
    private static final int GOLD = dev.meijin.core.Role.GOLD.code();

    /** The correction history's sum for the position, in centipawns, added to the static evaluation. */
    private int correction() {
        if (!correctionHistory) {
            return 0;
        }
        int side = pos.sideToMove() * Histories.CORRECTION_SIZE;
        return (pawnCorrection[side + pawnIndex()] + handCorrection[side + handIndex()] + kingCorrection[side + kingIndex()]
                + shellCorrection[side + shellIndex()]) / 32;
    }

    /** Moves each correction entry of the position towards {@code error} (searched score minus evaluation). */
    private void updateCorrection(int error, int depth) {
        if (!correctionHistory) {
            return;
        }
        int bonus = Math.clamp((long) error * 32 * depth / 8, -CORRECTION_LIMIT / 4, CORRECTION_LIMIT / 4);
        int side = pos.sideToMove() * Histories.CORRECTION_SIZE;
        correct(pawnCorrection, side + pawnIndex(), bonus);
        correct(handCorrection, side + handIndex(), bonus);
        correct(kingCorrection, side + kingIndex(), bonus);
        correct(shellCorrection, side + shellIndex(), bonus);
    }

    private static void correct(short[] table, int i, int bonus) {
        table[i] = (short) (table[i] + bonus - table[i] * Math.abs(bonus) / CORRECTION_LIMIT);
    }

    /** The pawns of both sides hashed to a table index. */
    private int pawnIndex() {
        long h = pos.piecesLo(0, PAWN) * 0x9E3779B97F4A7C15L ^ pos.piecesHi(0, PAWN) * 0xC2B2AE3D27D4EB4FL
                ^ pos.piecesLo(1, PAWN) * 0x165667B19E3779F9L ^ pos.piecesHi(1, PAWN) * 0xD6E8FEB86659FD93L;
        return (int) (h >>> 50);
    }

    /** Both kings' shells, the golds and silvers of both sides with the two kings' squares, hashed to a table index. */
    private int shellIndex() {
        long h = pos.piecesLo(0, GOLD) * 0x9E3779B97F4A7C15L ^ pos.piecesHi(0, GOLD) * 0xC2B2AE3D27D4EB4FL
                ^ pos.piecesLo(1, GOLD) * 0x165667B19E3779F9L ^ pos.piecesHi(1, GOLD) * 0xD6E8FEB86659FD93L
                ^ pos.piecesLo(0, SILVER) * 0xFF51AFD7ED558CCDL ^ pos.piecesHi(0, SILVER) * 0xC4CEB9FE1A85EC53L
                ^ pos.piecesLo(1, SILVER) * 0x94D049BB133111EBL ^ pos.piecesHi(1, SILVER) * 0xBF58476D1CE4E5B9L
                ^ (pos.kingSquare(0) * 82L + pos.kingSquare(1)) * 0x2545F4914F6CDD1DL;
        return (int) (h >>> 50);
    }

    /** Both hands hashed to a table index. */
    private int handIndex() {
        long h = (pos.hand(0) * 0x9E3779B97F4A7C15L) ^ (pos.hand(1) * 0xC2B2AE3D27D4EB4FL);
        return (int) (h >>> 50);
    }

    /** The two kings' squares ({@link Position#NO_SQUARE} where a side has none) as a table index. */
    private int kingIndex() {
        return pos.kingSquare(0) * 82 + pos.kingSquare(1);
    }

    // ------------------------------------------------------------------ static exchange

    /**
     * Whether the static exchange on the move's destination gains at least {@code threshold} for the mover
     * (the core's exchange with x-rays, on this search's piece values).
     */
    private boolean seeGe(int m, int threshold) {
        return pos.seeGe(m, threshold, VALUE);
    }

    // ------------------------------------------------------------------ results

    int bestMove() {
        return rootMoves[0];
    }

    int ponderMove() {
        return rootPvLen[0] > 1 ? rootPv[0][1] : Move.NONE;
    }

    long finalNodes() {
        return localNodes;
    }

    void publishNodes() {
        nodes = localNodes;
    }

    /** The principal variation at {@code ply} becomes {@code m} followed by the one found below it. */
    private void updatePv(int ply, int m) {
        int[] line = pv[ply];
        line[ply] = m;
        int len = pvLen[ply + 1];
        System.arraycopy(pv[ply + 1], ply + 1, line, ply + 1, len - (ply + 1));
        pvLen[ply] = Math.max(ply + 1, len);
    }
}
