package org.aspen.cli;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code aspen keygen FILE...}: writes a fresh 32-byte HMAC key (hex, one line) into each file,
 * readable by its owner only, for a scenario's {@code auth.keys[].secret: file:...} (docs/deploying.md).
 * Refuses to overwrite an existing file, so a key in use is never replaced by accident.
 */
@Command(name = "keygen", mixinStandardHelpOptions = true,
        description = "Writes a new random 32-byte key (hex) into each FILE, mode 600; existing files are left alone.")
public final class KeygenCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Key files to create.")
    List<Path> files;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        SecureRandom random = new SecureRandom();
        int failed = 0;
        for (Path f : files) {
            byte[] key = new byte[32];
            random.nextBytes(key);
            try {
                if (f.toAbsolutePath().getParent() != null) {
                    Files.createDirectories(f.toAbsolutePath().getParent());
                }
                Files.createFile(f);
                try {
                    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
                } catch (UnsupportedOperationException notPosix) {
                    // a non-POSIX file system: the file keeps its default permissions
                }
                Files.writeString(f, HexFormat.of().formatHex(key) + "\n");
                spec.commandLine().getOut().println("wrote " + f);
            } catch (FileAlreadyExistsException e) {
                spec.commandLine().getErr().println("aspen keygen: " + f + " exists; not overwritten");
                failed++;
            }
        }
        spec.commandLine().getOut().flush();
        return failed == 0 ? Aspen.OK : Aspen.FAILURE;
    }
}
