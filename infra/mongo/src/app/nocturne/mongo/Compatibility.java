package app.nocturne.mongo;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.DuplicateKeyError;
import de.bwaldvogel.mongo.exception.MongoServerError;

/**
 * Where mongo-java-server 1.47 answers differently from MongoDB in ways our code and the Node driver rely on,
 * the answer is made as MongoDB makes it. Each rule names what read the wrong answer.
 */
final class Compatibility {

    private record Violation(String message, Document keyPattern, Document keyValue) {}

    /** The duplicate keys the current command ran into, in order (commands run one at a time, on one thread). */
    private static final ThreadLocal<List<Violation>> VIOLATIONS = ThreadLocal.withInitial(ArrayList::new);

    private static final Set<String> WRITE_COMMANDS = Set.of("insert", "update", "delete");

    /** What buildInfo names besides the version (`nocturneStandIn`), so a client can tell the stand-in from MongoDB. */
    static volatile String description = "mongo-java-server";

    private Compatibility() {}

    /** The error a unique index raises, remembered with the index's key pattern and the key, which MongoDB reports. */
    static DuplicateKeyError duplicateKey(SortedIndex<?> index, MongoCollection<?> collection, List<Object> key) {
        DuplicateKeyError error = new DuplicateKeyError(index, collection, index.getKeys(), new KeyValue(key));
        VIOLATIONS.get().add(new Violation(error.getMessageWithoutErrorCode(), index.keyPattern(), index.keyValue(key)));
        return error;
    }

    static Document run(String command, Document query, Supplier<Document> handler) {
        VIOLATIONS.get().clear();
        String name = command.toLowerCase();
        // MongoDB's default is ordered; the library's is unordered (it reads a missing field as false).
        if (WRITE_COMMANDS.contains(name) && !query.containsKey("ordered")) query.put("ordered", Boolean.TRUE);
        Document response;
        try {
            response = handler.get();
        } catch (MongoServerError error) {
            if (error.getCode() != 11000) throw error;
            // A command that failed on a unique index (findAndModify's upsert): MongoDB's answer names the index keys.
            Document answer = new Document("ok", 0.0);
            answer.put("errmsg", error.getMessageWithoutErrorCode());
            answer.put("code", 11000);
            answer.put("codeName", "DuplicateKey");
            addDetails(answer, error.getMessageWithoutErrorCode());
            return answer;
        }
        if (name.equals("buildinfo")) response.put("nocturneStandIn", description);
        @SuppressWarnings("unchecked")
        List<Document> writeErrors = (List<Document>) response.get("writeErrors");
        if (writeErrors == null || writeErrors.isEmpty()) return response;
        for (Document writeError : writeErrors) {
            if (Integer.valueOf(11000).equals(writeError.get("code"))) addDetails(writeError, String.valueOf(writeError.get("errmsg")));
        }
        if (name.equals("insert")) {
            // `n` is how many documents were inserted. The library answers how many were sent, so the driver's
            // insertedCount counted a document refused by a unique index as stored: the event store took an
            // append that lost the race for its stream version as done, and left its positions empty.
            @SuppressWarnings("unchecked")
            int sent = ((List<Document>) query.get("documents")).size();
            boolean ordered = Boolean.TRUE.equals(query.get("ordered"));
            int inserted = ordered ? ((Number) writeErrors.get(0).get("index")).intValue() : sent - writeErrors.size();
            response.put("n", inserted);
        }
        return response;
    }

    private static void addDetails(Document error, String message) {
        for (Violation violation : VIOLATIONS.get()) {
            if (violation.message().equals(message)) {
                error.put("keyPattern", violation.keyPattern());
                error.put("keyValue", violation.keyValue());
                return;
            }
        }
    }
}
