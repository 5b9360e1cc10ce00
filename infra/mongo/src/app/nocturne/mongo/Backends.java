package app.nocturne.mongo;

import java.util.List;

import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;

/**
 * The library's two backends with our indexes (SortedIndex) and MongoDB's answers (Compatibility): Memory keeps
 * everything in the JVM's heap (CI's shared servers, thrown away at exit); Durable keeps documents in an H2
 * MVStore file (written about every second and at a clean stop) and builds the indexes again at start.
 */
final class Backends {

    private Backends() {}

    /** The best index for a filter and sort; null when none narrows the filter (then the collection is scanned). */
    static <P> SortedIndex.Plan<P> plan(List<Index<P>> indexes, Document query, Document orderBy) {
        if (orderBy != null && orderBy.containsKey("$natural")) return null;
        SortedIndex.Plan<P> best = null;
        for (Index<P> index : indexes) {
            if (!(index instanceof SortedIndex<P> sorted)) continue;
            SortedIndex.Plan<P> plan = sorted.plan(query, orderBy);
            if (plan != null && (best == null || plan.score() > best.score())) best = plan;
        }
        return best;
    }

    static final class Memory extends MemoryBackend {
        @Override
        public MemoryDatabase openOrCreateDatabase(String databaseName) {
            return new MemoryDatabase(databaseName, getCursorRegistry()) {
                @Override
                protected MemoryCollection openOrCreateCollection(String collectionName, CollectionOptions options) {
                    return new IndexedMemoryCollection(this, collectionName, options, cursorRegistry);
                }

                @Override
                protected Index<Integer> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
                    return new SortedIndex<>(indexName, keys, sparse, true);
                }

                @Override
                protected Index<Integer> openOrCreateSecondaryIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
                    return new SortedIndex<>(indexName, keys, sparse, false);
                }
            };
        }

        @Override
        public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
            return Compatibility.run(command, query, () -> super.handleCommand(channel, databaseName, command, query));
        }
    }

    static final class IndexedMemoryCollection extends MemoryCollection {
        IndexedMemoryCollection(MongoDatabase database, String collectionName, CollectionOptions options, CursorRegistry cursorRegistry) {
            super(database, collectionName, options, cursorRegistry);
        }

        @Override
        protected QueryResult queryDocuments(Document query, Document orderBy, int skip, int limit, int batchSize, Document fields) {
            SortedIndex.Plan<Integer> plan = plan(getIndexes(), query, orderBy);
            if (plan == null) return matchDocuments(query, orderBy, skip, limit, batchSize, fields);
            return matchDocuments(query, plan.positions(), plan.sorted() ? null : orderBy, skip, limit, batchSize, fields);
        }
    }

    static final class Durable extends H2Backend {
        /** The file's store; set before the first database opens (their constructors open collections). */
        private static MVStore store;

        private Durable(MVStore mvStore) {
            super(mvStore);
        }

        static Durable open(String fileName) {
            store = MVStore.open(fileName);
            return new Durable(store);
        }

        @Override
        protected MongoDatabase openOrCreateDatabase(String databaseName) {
            return new H2Database(databaseName, store, getCursorRegistry()) {
                @Override
                protected MongoCollection<Object> openOrCreateCollection(String collectionName, CollectionOptions options) {
                    String fullName = getFullCollectionNamespace(collectionName);
                    MVMap<Object, Document> dataMap = store.openMap("databases." + fullName);
                    MVMap<String, Object> metaMap = store.openMap("meta." + fullName);
                    return new IndexedH2Collection(this, collectionName, options, dataMap, metaMap, cursorRegistry);
                }

                @Override
                protected Index<Object> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
                    return new SortedIndex<>(indexName, keys, sparse, true);
                }

                @Override
                protected Index<Object> openOrCreateSecondaryIndex(String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
                    return new SortedIndex<>(indexName, keys, sparse, false);
                }
            };
        }

        @Override
        public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
            return Compatibility.run(command, query, () -> super.handleCommand(channel, databaseName, command, query));
        }
    }

    static final class IndexedH2Collection extends H2Collection {
        IndexedH2Collection(MongoDatabase database, String collectionName, CollectionOptions options,
                            MVMap<Object, Document> dataMap, MVMap<String, Object> metaMap, CursorRegistry cursorRegistry) {
            super(database, collectionName, options, dataMap, metaMap, cursorRegistry);
        }

        @Override
        protected QueryResult queryDocuments(Document query, Document orderBy, int skip, int limit, int batchSize, Document fields) {
            SortedIndex.Plan<Object> plan = plan(getIndexes(), query, orderBy);
            if (plan == null) return matchDocuments(query, orderBy, skip, limit, batchSize, fields);
            return matchDocuments(query, plan.positions(), plan.sorted() ? null : orderBy, skip, limit, batchSize, fields);
        }
    }
}
