package dev.meijin.engine.learn;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.engine.Score;
import dev.meijin.engine.eval.Features;
import dev.meijin.engine.eval.Weights;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Texel tuning of the linear evaluation: the weights minimise the mean squared error between the game result
 * (blended with the search score when the data has one) and the evaluation passed through a logistic curve,
 * {@code 1 / (1 + exp(-eval / SCALE))}, by full-batch gradient descent with Adam. A tenth of the positions is held
 * out, and the loss on those is what the report compares before and after: every tenth block of
 * {@value #HOLD_BLOCK} consecutive positions, so that the held-out positions come mostly from games of their own
 * (data files hold the positions of a game one after another). Had single positions been held out, their
 * neighbours of the same game would be in the training part, and a feature set large enough to recognise a game
 * would look better on the held-out part than it plays.
 */
public final class Tuner {
    /** The logistic scale: an evaluation of {@code SCALE} centipawns is a 73% expected score. */
    public static final double SCALE = Score.LOGISTIC_SCALE;

    /** Consecutive positions held out or trained on together (about three games of self-play). */
    public static final int HOLD_BLOCK = 200;

    private Tuner() {}

    /**
     * Whether position {@code i} of a data set is in the held-out part: every tenth block of {@link #HOLD_BLOCK}.
     *
     * @param i the position's index in its data set
     * @return whether it is held out
     */
    public static boolean isHeldOut(int i) {
        return i / HOLD_BLOCK % 10 == 9;
    }

    /** Positions as sparse feature rows with a target in [0, 1] from sente's point of view. */
    public static final class DataSet {
        int size;
        int[] start = new int[1024];
        int[] index = new int[1 << 16];
        byte[] count = new byte[1 << 16];
        float[] target = new float[1024];
        private int used;
        private final int[] tmpIndex = new int[1024];
        private final int[] tmpCount = new int[1024];

        /** Number of positions. */
        public int size() {
            return size;
        }

        /**
         * Adds a position.
         *
         * @param pos the position
         * @param senteTarget the target for sente, 0 to 1
         */
        public void add(Position pos, double senteTarget) {
            int n = Features.extract(pos, tmpIndex, tmpCount);
            if (size + 2 > start.length) {
                start = Arrays.copyOf(start, start.length * 2);
                target = Arrays.copyOf(target, target.length * 2);
            }
            while (used + n > index.length) {
                index = Arrays.copyOf(index, index.length * 2);
                count = Arrays.copyOf(count, count.length * 2);
            }
            start[size] = used;
            for (int i = 0; i < n; i++) {
                index[used] = tmpIndex[i];
                count[used++] = (byte) tmpCount[i];
            }
            target[size] = (float) senteTarget;
            size++;
            start[size] = used;
        }

        /**
         * Reads lines {@code SFEN<TAB>result[<TAB>score]} (result and score from the side to move's view), blending
         * result and score as {@code lambda * result + (1 - lambda) * sigmoid(score)}; bad lines are skipped.
         *
         * @param in the text
         * @param lambda weight of the game result
         * @return lines skipped as malformed
         * @throws IOException if reading fails
         */
        public int read(BufferedReader in, double lambda) throws IOException {
            String line;
            int bad = 0;
            while ((line = in.readLine()) != null) {
                String[] f = line.split("\t");
                if (f.length < 2) {
                    bad++;
                    continue;
                }
                try {
                    Position pos = Position.of(Sfen.parse(f[0]));
                    double result = Double.parseDouble(f[1]);
                    double t = result;
                    if (f.length >= 3) {
                        t = lambda * result + (1 - lambda) * sigmoid(Double.parseDouble(f[2]));
                    }
                    add(pos, pos.sideToMove() == 0 ? t : 1 - t);
                } catch (RuntimeException e) {
                    bad++;
                }
            }
            return bad;
        }
    }

    static double sigmoid(double eval) {
        return 1 / (1 + Math.exp(-eval / SCALE));
    }

    private static double eval(DataSet d, int i, double[] w) {
        double s = 0;
        for (int j = d.start[i]; j < d.start[i + 1]; j++) {
            s += w[d.index[j]] * d.count[j];
        }
        return s;
    }

    /**
     * The mean squared error on the held-out positions (see {@link #isHeldOut}) or on the others.
     *
     * @param d the data
     * @param w the weights
     * @param heldOut which part
     * @return the loss
     */
    public static double loss(DataSet d, double[] w, boolean heldOut) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < d.size; i++) {
            if (isHeldOut(i) != heldOut) {
                continue;
            }
            double e = sigmoid(eval(d, i, w)) - d.target[i];
            sum += e * e;
            n++;
        }
        return n == 0 ? 0 : sum / n;
    }

    /**
     * The result of a tuning run.
     *
     * @param weights the tuned weights
     * @param lossBefore held-out loss of the starting weights
     * @param lossAfter held-out loss of the tuned weights
     * @param positions positions used (training and held out)
     */
    public record Result(Weights weights, double lossBefore, double lossAfter, int positions) {}

    /**
     * Tunes the weights.
     *
     * @param d the data
     * @param init starting weights
     * @param epochs gradient steps over the whole training set
     * @param rate Adam's step size, in centipawns
     * @param progress receives a line every few epochs
     * @return the tuned weights and the losses
     */
    public static Result tune(DataSet d, Weights init, int epochs, double rate, Consumer<String> progress) {
        return tune(d, init, new boolean[Features.COUNT], epochs, rate, progress);
    }

    /**
     * Tunes the weights, keeping some features at zero (to measure what a group of features is worth).
     *
     * @param d the data
     * @param init starting weights
     * @param excluded features held at zero, by index
     * @param epochs gradient steps over the whole training set
     * @param rate Adam's step size, in centipawns
     * @param progress receives a line every few epochs
     * @return the tuned weights and the losses
     */
    public static Result tune(DataSet d, Weights init, boolean[] excluded, int epochs, double rate, Consumer<String> progress) {
        return tune(d, init, excluded, Regularisation.NONE, epochs, rate, progress);
    }

    /**
     * How the tuner keeps rarely seen features from taking extreme weights.
     *
     * @param l2 strength of the penalty {@code l2 * sum(((w - prior) / 100)^2)} added to the training loss
     *     (0 for none); the prior is the starting weight vector
     * @param minCount features active in fewer training positions than this keep their starting weight
     */
    public record Regularisation(double l2, int minCount) {
        /** No penalty and no minimum. */
        public static final Regularisation NONE = new Regularisation(0, 0);

        /**
         * Checks the values.
         *
         * @throws IllegalArgumentException if either is negative or not finite
         */
        public Regularisation {
            if (!(l2 >= 0) || Double.isInfinite(l2) || minCount < 0) {
                throw new IllegalArgumentException("l2 must be a finite number >= 0 and minCount >= 0, got " + l2 + " and " + minCount);
            }
        }
    }

    /**
     * In how many training positions (the held-out tenth left out) each feature is active.
     *
     * @param d the data
     * @return the number of positions per feature index
     */
    public static int[] occurrences(DataSet d) {
        int[] occ = new int[Features.COUNT];
        int[] last = new int[Features.COUNT];
        Arrays.fill(last, -1);
        for (int i = 0; i < d.size; i++) {
            if (isHeldOut(i)) {
                continue;
            }
            for (int j = d.start[i]; j < d.start[i + 1]; j++) {
                int f = d.index[j];
                if (d.count[j] != 0 && last[f] != i) {
                    last[f] = i;
                    occ[f]++;
                }
            }
        }
        return occ;
    }

    /**
     * Tunes the weights with regularisation: an L2 penalty pulling each weight toward its starting value, and a
     * minimum number of positions below which a feature is not tuned at all.
     *
     * @param d the data
     * @param init starting weights, also the prior of the penalty
     * @param excluded features held at zero, by index
     * @param reg the penalty and the minimum
     * @param epochs gradient steps over the whole training set
     * @param rate Adam's step size, in centipawns
     * @param progress receives a line every few epochs
     * @return the tuned weights and the losses
     */
    public static Result tune(DataSet d, Weights init, boolean[] excluded, Regularisation reg, int epochs, double rate,
            Consumer<String> progress) {
        return tune(d, init, excluded, reg, epochs, rate, rate, progress);
    }

    /**
     * Adam's step size at an epoch when it falls in a straight line from {@code rate} at the first epoch to
     * {@code finalRate} at the last: large steps while the weights are far from the optimum, small ones at the end
     * so that they settle instead of jittering about it by about one step.
     *
     * @param epoch the epoch, 1 to {@code epochs}
     * @param epochs the number of epochs
     * @param rate the step size at the first epoch
     * @param finalRate the step size at the last epoch
     * @return the step size
     */
    public static double stepSize(int epoch, int epochs, double rate, double finalRate) {
        return epochs <= 1 ? rate : rate + (finalRate - rate) * (epoch - 1) / (epochs - 1);
    }

    /**
     * Tunes the weights with regularisation and a step size that falls linearly over the epochs (see
     * {@link #stepSize}).
     *
     * @param d the data
     * @param init starting weights, also the prior of the penalty
     * @param excluded features held at zero, by index
     * @param reg the penalty and the minimum
     * @param epochs gradient steps over the whole training set
     * @param rate Adam's step size at the first epoch, in centipawns
     * @param finalRate Adam's step size at the last epoch, in centipawns ({@code rate} for a constant step)
     * @param progress receives a line every few epochs
     * @return the tuned weights and the losses
     * @throws IllegalArgumentException if a step size is not positive and finite
     */
    public static Result tune(DataSet d, Weights init, boolean[] excluded, Regularisation reg, int epochs, double rate,
            double finalRate, Consumer<String> progress) {
        return tune(d, init, excluded, new boolean[Features.COUNT], reg, epochs, rate, finalRate, progress);
    }

    /**
     * Tunes the weights as {@link #tune(DataSet, Weights, boolean[], Regularisation, int, double, double, Consumer)},
     * with some features held at their starting weights: a new feature is fitted against the others as they are.
     *
     * @param d the data
     * @param init starting weights, also the prior of the penalty
     * @param excluded features held at zero, by index
     * @param fixed features held at their starting weights, by index
     * @param reg the penalty and the minimum
     * @param epochs gradient steps over the whole training set
     * @param rate Adam's step size at the first epoch, in centipawns
     * @param finalRate Adam's step size at the last epoch, in centipawns ({@code rate} for a constant step)
     * @param progress receives a line every few epochs
     * @return the tuned weights and the losses
     * @throws IllegalArgumentException if a step size is not positive and finite
     */
    public static Result tune(DataSet d, Weights init, boolean[] excluded, boolean[] fixed, Regularisation reg, int epochs,
            double rate, double finalRate, Consumer<String> progress) {
        if (!(rate > 0) || !(finalRate > 0) || Double.isInfinite(rate) || Double.isInfinite(finalRate)) {
            throw new IllegalArgumentException("step sizes must be positive and finite, got " + rate + " and " + finalRate);
        }
        int nf = Features.COUNT;
        double[] w = new double[nf], prior = new double[nf];
        boolean[] frozen = excluded.clone();
        int[] occ = reg.minCount() > 0 ? occurrences(d) : null;
        int rare = 0;
        for (int i = 0; i < nf; i++) {
            w[i] = excluded[i] ? 0 : init.get(i);
            prior[i] = w[i];
            frozen[i] |= fixed[i];
            if (occ != null && !excluded[i] && occ[i] < reg.minCount()) {
                frozen[i] = true;
                rare++;
            }
        }
        if (occ != null) {
            progress.accept(rare + " features seen in fewer than " + reg.minCount() + " positions keep their starting weight");
        }
        double before = loss(d, w, true);
        double[] m = new double[nf], v = new double[nf], g = new double[nf];
        double b1 = 0.9, b2 = 0.999;
        int train = 0;
        for (int i = 0; i < d.size; i++) {
            train += isHeldOut(i) ? 0 : 1;
        }
        for (int epoch = 1; epoch <= epochs; epoch++) {
            double step = stepSize(epoch, epochs, rate, finalRate);
            Arrays.fill(g, 0);
            for (int i = 0; i < d.size; i++) {
                if (isHeldOut(i)) {
                    continue;
                }
                double p = sigmoid(eval(d, i, w));
                double grad = (p - d.target[i]) * p * (1 - p) / SCALE;
                for (int j = d.start[i]; j < d.start[i + 1]; j++) {
                    g[d.index[j]] += grad * d.count[j];
                }
            }
            for (int f = 0; f < nf; f++) {
                if (frozen[f]) {
                    continue;
                }
                double gf = g[f] * 2 / Math.max(1, train) + reg.l2() * 2 * (w[f] - prior[f]) / (100.0 * 100.0);
                m[f] = b1 * m[f] + (1 - b1) * gf;
                v[f] = b2 * v[f] + (1 - b2) * gf * gf;
                double mh = m[f] / (1 - Math.pow(b1, epoch)), vh = v[f] / (1 - Math.pow(b2, epoch));
                w[f] -= step * mh / (Math.sqrt(vh) + 1e-12);
            }
            if (epoch % 50 == 0 || epoch == epochs) {
                progress.accept("epoch " + epoch + ": training loss " + String.format("%.6f", loss(d, w, false))
                        + ", held-out loss " + String.format("%.6f", loss(d, w, true)));
            }
        }
        int[] out = new int[nf];
        for (int i = 0; i < nf; i++) {
            out[i] = (int) Math.round(w[i]);
        }
        out[Features.BOARD + 8] = 0;
        return new Result(Weights.of(out), before, loss(d, w, true), d.size);
    }
}
