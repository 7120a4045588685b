package dev.meijin.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A USI engine run as a child process (through {@code sh -c}), for {@code meijin match}. */
final class UsiClient implements AutoCloseable {
    private static final String EOF = "\u0000eof";

    /** A line from the engine and the {@link System#nanoTime()} at which the reader took it from the pipe. */
    private record Received(String text, long nanos) {}

    private final String command;
    private final Process process;
    private final Writer in;
    private final LinkedBlockingQueue<Received> lines = new LinkedBlockingQueue<>();
    private long arrivalNanos;
    String name;

    UsiClient(String command) throws IOException {
        this.command = command;
        ProcessBuilder pb = new ProcessBuilder(List.of("sh", "-c", command));
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        process = pb.start();
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        name = command;
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String l;
                while ((l = r.readLine()) != null) {
                    lines.add(new Received(l, System.nanoTime()));
                }
            } catch (IOException e) {
                // The process ended; the EOF marker below tells the waiting side.
            }
            lines.add(new Received(EOF, System.nanoTime()));
        }, "usi-reader");
        reader.setDaemon(true);
        reader.start();
    }

    void send(String line) throws IOException {
        try {
            in.write(line + "\n");
            in.flush();
        } catch (IOException e) {
            throw new IOException("engine \"" + command + "\" does not accept input" + exited(), e);
        }
    }

    /**
     * Waits for a line starting with {@code prefix}, skipping others.
     *
     * @return the line, or {@code null} if the time ran out or the engine exited; {@link #arrivalNanos()} then tells
     *     when it came
     */
    String await(String prefix, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            Received got = lines.poll(left, TimeUnit.NANOSECONDS);
            if (got == null) {
                return null;
            }
            String l = got.text();
            if (l.equals(EOF)) {
                lines.add(got);
                return null;
            }
            if (l.startsWith("id name ")) {
                name = l.substring(8).strip();
            }
            if (l.equals(prefix) || l.startsWith(prefix + " ")) {
                arrivalNanos = got.nanos();
                return l;
            }
        }
    }

    /**
     * When the line the last successful {@link #await} returned was read from the engine's output: the time a move
     * took is measured to here, so that a pause of this process between reading and handling the line is not
     * charged to the engine.
     */
    long arrivalNanos() {
        return arrivalNanos;
    }

    /** Starts the engine: usi, the options, isready. */
    void start(List<String> options) throws IOException, InterruptedException {
        send("usi");
        if (await("usiok", 20_000) == null) {
            throw new IOException("engine \"" + command + "\" did not answer usi with usiok" + exited());
        }
        for (String o : options) {
            int eq = o.indexOf('=');
            if (eq <= 0) {
                throw new IOException("option \"" + o + "\" is not NAME=VALUE");
            }
            send("setoption name " + o.substring(0, eq) + " value " + o.substring(eq + 1));
        }
        send("isready");
        if (await("readyok", 60_000) == null) {
            throw new IOException("engine \"" + command + "\" did not answer isready with readyok" + exited());
        }
    }

    /**
     * Why the engine stopped reading, if it has ended: {@code : it exited with code 127 (command not found)}; its
     * own error output is not kept, so the exit code is all there is to tell.
     */
    private String exited() {
        try {
            if (!process.waitFor(1, TimeUnit.SECONDS)) {
                return "";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
        int code = process.exitValue();
        return ": it exited with code " + code + (code == 127 ? " (command not found)" : code == 126 ? " (not executable)" : "");
    }

    boolean alive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        try {
            send("quit");
        } catch (IOException e) {
            // already gone
        }
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
