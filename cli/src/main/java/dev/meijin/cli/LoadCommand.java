package dev.meijin.cli;

import dev.meijin.server.load.LoadDriver;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
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
        Options.inRange(spec, "--games", games, 1, Long.MAX_VALUE);
        Options.inRange(spec, "--seconds", seconds, 1, Long.MAX_VALUE);
        Options.inRange(spec, "--think-ms", thinkMs, 0, Long.MAX_VALUE);
        URI server;
        try {
            server = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--url " + Records.message(url) + " is not a URL");
        }
        if (server.getScheme() == null || !server.getScheme().startsWith("http")) {
            throw new ParameterException(spec.commandLine(), "--url must be an http:// address, not " + Records.message(url));
        }
        LoadDriver.Report r;
        try {
            r = new LoadDriver(new LoadDriver.Settings(server, games, Duration.ofSeconds(seconds), Duration.ofMillis(thinkMs), seed))
                    .run(line -> {
                        spec.commandLine().getOut().println(line);
                        spec.commandLine().getOut().flush();
                    });
        } catch (IllegalStateException e) {
            // A refused connection has no message of its own: say what it was.
            String why = e.getCause() instanceof ConnectException && e.getCause().getMessage() == null
                    ? "cannot reach " + server + ": connection refused (is a server running there? meijin serve starts one)"
                    : e.getMessage();
            spec.commandLine().getErr().println("meijin load: " + why);
            return Main.FAILED;
        }
        spec.commandLine().getOut().println(r.summary());
        return r.errors() == 0 ? Main.OK : 1;
    }
}
