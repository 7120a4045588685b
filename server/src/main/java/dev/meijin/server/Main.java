package dev.meijin.server;

import java.nio.file.Path;

/**
 * Runs the play server without the CLI: {@code java -cp … dev.meijin.server.Main PORT DATA_DIR}. Prints
 * {@code listening PORT} on standard output once it accepts connections (the restart test reads it).
 */
public final class Main {
    private Main() {}

    /**
     * Starts the server and waits.
     *
     * @param args the port (0 for any) and the data directory
     */
    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: dev.meijin.server.Main PORT DATA_DIR");
            System.exit(2);
        }
        PlayServer s = PlayServer.start(ServerConfig.defaults().withPort(Integer.parseInt(args[0])).withDataDir(Path.of(args[1])));
        Runtime.getRuntime().addShutdownHook(new Thread(s::close));
        System.out.println("listening " + s.port());
        System.out.flush();
        Thread.currentThread().join();
    }
}
