package dev.meijin.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code meijin serve}: starts the play server once the server module exists. */
@Command(name = "serve", description = "Start the play server (not built yet).")
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("The play server is not built yet; try ./meijin play");
        return Main.USAGE;
    }
}
