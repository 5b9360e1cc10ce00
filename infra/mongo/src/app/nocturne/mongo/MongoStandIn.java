package app.nocturne.mongo;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;

/**
 * The MongoDB stand-in for machines without Docker: de.bwaldvogel's mongo-java-server on the wire, with the
 * answers our code relies on made as MongoDB makes them (see Compatibility) and sorted indexes (SortedIndex).
 *
 * <pre>
 *   java -cp 'classes:lib/*' app.nocturne.mongo.MongoStandIn --port 27017 [--host 127.0.0.1] [--data FILE]
 * </pre>
 *
 * Without --data everything is kept in memory and lost at exit; with it, in an H2 MVStore file that survives
 * a restart. Prints "listening on HOST:PORT" once it accepts connections.
 */
public final class MongoStandIn {

    /**
     * MongoDB 4.4 (wire version 9): the oldest the Node driver 7 talks to. The library's own versions stop at
     * 5.0 with wire version 8, which the driver refuses; what it implements is what 4.4 offers to our code.
     */
    static final MongoVersion VERSION = new MongoVersion() {
        @Override
        public List<Integer> getVersionArray() {
            return List.of(4, 4, 0);
        }

        @Override
        public int getWireVersion() {
            return 9;
        }
    };

    private MongoStandIn() {}

    public static void main(String[] args) throws Exception {
        String host = "127.0.0.1";
        int port = 27017;
        Path data = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--host" -> host = require(args[i], value);
                case "--port" -> port = Integer.parseInt(require(args[i], value));
                case "--data" -> data = Path.of(require(args[i], value));
                default -> usage("unknown option " + args[i]);
            }
            i++;
        }

        MongoBackend backend;
        if (data == null) {
            backend = new Backends.Memory();
        } else {
            Files.createDirectories(data.toAbsolutePath().getParent());
            backend = Backends.Durable.open(data.toString());
        }
        backend.version(VERSION);
        Compatibility.description = libraryName() + ", " + (data == null ? "in memory" : "H2 file " + data);

        MongoServer server = new MongoServer(backend);
        // One worker thread runs every command of every connection, one at a time: each command is atomic, as
        // a single-document write is on MongoDB, and check-then-insert in a unique index cannot interleave.
        server.bind(new InetSocketAddress(host, port), 1, 1);
        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow, "shutdown"));
        System.out.printf("MongoDB %s stand-in (%s) listening on %s:%d%n", VERSION.toVersionString(), Compatibility.description, host, port);
        System.out.flush();
    }

    /** "mongo-java-server 1.47.0", from the name of the library's jar. */
    private static String libraryName() {
        String jar = MongoServer.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        java.util.regex.Matcher version = java.util.regex.Pattern.compile("mongo-java-server-core-([^/]+)\\.jar$").matcher(jar);
        return "mongo-java-server" + (version.find() ? " " + version.group(1) : "");
    }

    private static String require(String option, String value) {
        if (value == null) usage(option + " needs a value");
        return value;
    }

    private static void usage(String problem) {
        System.err.println(problem);
        System.err.println("usage: MongoStandIn [--host 127.0.0.1] [--port 27017] [--data FILE]");
        System.exit(2);
    }
}
