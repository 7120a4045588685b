package dev.meijin.cli;

import dev.meijin.server.load.LoadDriver;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code meijin load}: holds many games on a running play server over the real protocol and reports moves per
 * second, the move round trip (p50, p99, max), errors and the server's memory. A benchmark: run it on a quiet
 * machine against a server started with {@code meijin serve}.
 */
@Command(name = "load", description = "Load a running play server with concurrent games over WebSocket and report throughput and latency.")
final class LoadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--url", description = "The server (default: ${DEFAULT-VALUE}).", defaultValue = "http://127.0.0.1:8080")
    String url;

    @Option(names = "--games", description = "Concurrent games (default: ${DEFAULT-VALUE}).", defaultValue = "100")
    int games;

    @Option(names = "--seconds", description = "Length of the measured window (default: ${DEFAULT-VALUE}).", defaultValue = "60")
    int seconds;

    @Option(names = "--think-ms", description = "Average thinking time of a player before each move (default: ${DEFAULT-VALUE}).",
            defaultValue = "1000")
    int thinkMs;

    @Option(names = "--seed", description = "Seed of the random moves (default: ${DEFAULT-VALUE}).", defaultValue = "1")
    long seed;

    @Override
    public Integer call() throws InterruptedException {
        if (games < 1 || seconds < 1 || thinkMs < 0) {
            spec.commandLine().getErr().println("meijin load: --games and --seconds must be at least 1 and --think-ms not negative");
            return Main.USAGE;
        }
        URI server;
        try {
            server = URI.create(url);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("meijin load: --url " + url + " is not a URL");
            return Main.USAGE;
        }
        if (server.getScheme() == null || !server.getScheme().startsWith("http")) {
            spec.commandLine().getErr().println("meijin load: --url must be an http:// address, not " + url);
            return Main.USAGE;
        }
        LoadDriver.Report r;
        try {
            r = new LoadDriver(new LoadDriver.Settings(server, games, Duration.ofSeconds(seconds), Duration.ofMillis(thinkMs), seed))
                    .run(line -> {
                        spec.commandLine().getOut().println(line);
                        spec.commandLine().getOut().flush();
                    });
        } catch (IllegalStateException e) {
            spec.commandLine().getErr().println("meijin load: " + e.getMessage());
            return 1;
        }
        spec.commandLine().getOut().println(r.summary());
        return r.errors() == 0 ? Main.OK : 1;
    }
}
