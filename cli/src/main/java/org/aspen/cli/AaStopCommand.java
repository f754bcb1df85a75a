package org.aspen.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code aspen aa stop AA}: stops one AA version, or every running version of a name. */
@Command(name = "stop", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Stops an AA by id (name@version), by a unique prefix of its digest, or every version of a name.")
final class AaStopCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "AA", description = "name@version, a prefix of a running AA's digest (as"
            + " 'aspen aa list' shows it), or a name to stop every running version.")
    String aa;

    @CommandLine.Mixin
    JsonOption output = new JsonOption();

    @CommandLine.Mixin
    ControlOptions control = new ControlOptions();

    @CommandLine.Mixin
    RequestTimeoutOption timeout = new RequestTimeoutOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        JsonNode r = control.call("aa.stop", aa.contains("@") ? Map.of("id", aa) : Map.of("name", aa), timeout.duration());
        return output.printReply(spec.commandLine().getOut(), r, false, out -> {
            List<String> ids = new ArrayList<>();
            r.path("stopped").forEach(id -> ids.add(id.asText()));
            out.println(ids.isEmpty() ? "nothing stopped: no running AA matches " + aa : "stopped " + String.join(", ", ids));
        });
    }
}
