package dev.meijin.engine.learn;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.engine.BestMove;
import dev.meijin.engine.Engine;
import dev.meijin.engine.Score;
import dev.meijin.engine.SearchInfo;
import dev.meijin.engine.SearchLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Self-play data generation: each thread plays games with its own {@link Engine} at a node or depth limit, from a random
 * opening of 4 to 12 random legal plies, judges each ending with the core {@link Game} rules (CSA rules, so
 * repetition, perpetual check, declaration and the 256-move limit all end games), and writes every quiet position
 * it passed through (not in check, not after the opening, the searched best move not a capture, the score not
 * yet decisive) as a line {@code SFEN<TAB>result<TAB>score}: the result 1, 0.5 or 0 and the search score in
 * centipawns, both from the side to move's point of view.
 */
public final class GenSfen {
    private GenSfen() {}

    /**
     * Settings of a run.
     *
     * @param games number of games in total
     * @param threads games played at once
     * @param nodes node limit per move (varied by up to a quarter upward when {@code depth} is 0, so that games
     *     from the same opening differ; with a depth it is a plain cap, 0 for none)
     * @param seed seed of the random openings
     * @param depth search depth per move (0 for none: node-limited only); deeper searches label the positions
     *     with better scores
     */
    public record Settings(int games, int threads, long nodes, long seed, int depth) {
        /**
         * Checks the values.
         *
         * @throws IllegalArgumentException if games or threads are not positive, nodes or depth negative, or
         *     neither nodes nor depth bounds the search
         */
        public Settings {
            if (games < 1 || threads < 1 || nodes < 0 || depth < 0 || (nodes == 0 && depth == 0)) {
                throw new IllegalArgumentException("games and threads must be positive, nodes and depth not negative and"
                        + " at least one of them positive; got games " + games + ", threads " + threads + ", nodes "
                        + nodes + ", depth " + depth);
            }
        }

        /**
         * Node-limited settings.
         *
         * @param games number of games in total
         * @param threads games played at once
         * @param nodes node limit per move
         * @param seed seed of the random openings
         */
        public Settings(int games, int threads, long nodes, long seed) {
            this(games, threads, nodes, seed, 0);
        }

        /** The limits of one move's search. */
        SearchLimits limits(Random random) {
            if (depth == 0) {
                return SearchLimits.nodes(nodes + random.nextInt((int) Math.max(1, nodes / 4)));
            }
            return new SearchLimits(0, 0, 0, 0, 0, 0, depth, nodes, false, false, List.of());
        }
    }

    /**
     * Plays the games and writes the positions.
     *
     * @param s the settings
     * @param out receives the position lines (written under a lock, one line at a time)
     * @param progress receives a line every few games
     * @return the number of positions written
     * @throws InterruptedException if interrupted while waiting for the threads
     */
    public static long run(Settings s, Writer out, Consumer<String> progress) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        AtomicLong written = new AtomicLong();
        AtomicInteger[] results = {new AtomicInteger(), new AtomicInteger(), new AtomicInteger()};
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < s.threads(); t++) {
            Thread th = new Thread(() -> {
                try (Engine engine = new Engine()) {
                    engine.setOption("USI_Hash", "16");
                    int g;
                    while ((g = next.getAndIncrement()) < s.games()) {
                        Random random = new Random(s.seed() * 1_000_003L + g);
                        int r = playGame(engine, random, s, out, written);
                        results[r].incrementAndGet();
                        if ((g + 1) % 10 == 0) {
                            progress.accept("games " + (g + 1) + "/" + s.games() + ", positions " + written.get()
                                    + ", sente wins " + results[0] + ", gote wins " + results[2] + ", draws " + results[1]);
                        }
                    }
                }
            }, "gensfen-" + t);
            th.start();
            threads.add(th);
        }
        for (Thread th : threads) {
            th.join();
        }
        return written.get();
    }

    /** Plays one game; returns 0 if sente won, 2 if gote won, 1 for a draw. */
    private static int playGame(Engine engine, Random random, Settings s, Writer out, AtomicLong written) {
        engine.newGame();
        Game game = Game.startpos(RuleSet.CSA);
        List<String> moves = new ArrayList<>();
        int opening = 4 + random.nextInt(9);
        for (int i = 0; i < opening && !game.isOver(); i++) {
            int[] legal = game.position().legalMoves();
            String m = Move.usi(legal[random.nextInt(legal.length)]);
            game.play(m);
            moves.add(m);
        }
        List<String> sfens = new ArrayList<>();
        List<Integer> sides = new ArrayList<>();
        List<Integer> scores = new ArrayList<>();
        Color winner = null;
        boolean decided = false;
        int decisive = 0;
        while (!game.isOver()) {
            engine.setPosition(Setups.STARTPOS, moves);
            Engine.SearchResult r = engine.think(s.limits(random));
            BestMove b = r.bestMove();
            if (b instanceof BestMove.Win) {
                game.declare();
                break;
            }
            if (!(b instanceof BestMove.Play p)) {
                winner = game.turn().opposite();
                decided = true;
                break;
            }
            Position pos = game.position();
            int score = r.line().map(GenSfen::cp).orElse(0);
            if (Math.abs(score) >= 2500) {
                if (++decisive >= 4) {
                    winner = score > 0 ? game.turn() : game.turn().opposite();
                    decided = true;
                    break;
                }
            } else {
                decisive = 0;
            }
            int m = dev.meijin.core.usi.Usi.parseMove(pos, p.move());
            boolean capture = !Move.isDrop(m) && pos.pieceAt(Move.to(m)) != 0;
            if (!pos.inCheck() && !capture && Math.abs(score) < 2500) {
                sfens.add(Sfen.format(pos));
                sides.add(pos.sideToMove());
                scores.add(score);
            }
            MoveResult mr = game.play(p.move());
            if (!(mr instanceof MoveResult.Applied)) {
                throw new IllegalStateException("the engine played an illegal move " + p.move() + " after " + moves);
            }
            moves.add(p.move());
        }
        if (!decided) {
            Optional<Outcome> o = game.outcome();
            if (o.isPresent() && o.get() instanceof Outcome.Win w) {
                winner = w.winner();
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sfens.size(); i++) {
            double result = winner == null ? 0.5 : winner.index() == sides.get(i) ? 1.0 : 0.0;
            sb.append(sfens.get(i)).append('\t').append(result).append('\t').append(scores.get(i)).append('\n');
        }
        synchronized (out) {
            try {
                out.write(sb.toString());
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        written.addAndGet(sfens.size());
        return winner == null ? 1 : winner == Color.SENTE ? 0 : 2;
    }

    private static int cp(SearchInfo.Line l) {
        return switch (l.score()) {
            case Score.Cp c -> c.value();
            case Score.Mate m -> m.plies() > 0 ? 30000 : -30000;
        };
    }
}
