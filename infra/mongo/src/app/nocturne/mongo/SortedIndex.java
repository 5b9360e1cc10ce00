package app.nocturne.mongo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeMap;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.bson.BsonRegularExpression;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.MaxKey;
import de.bwaldvogel.mongo.bson.MinKey;

/**
 * An index kept as a sorted map from key to documents, for every index of a collection (the `_id` one, unique
 * and plain ones), in place of the library's: its unique indexes answer equality only (a range on `_id`, the
 * event store's poll, scanned the whole collection) and its plain indexes are not implemented at all (every
 * filter on them scanned). Like MongoDB's, it narrows a query by equalities on a prefix of its keys and a range
 * on the next one, and hands out documents in key order so that a sort on those keys needs no sorting (the
 * stream's last version, the log after a position). It may answer more documents than match; the collection
 * applies the whole filter after it. It lives in memory and is built again from the documents at start.
 */
final class SortedIndex<P> extends Index<P> {

    /** The keys of one document, and where it is: several keys for one document when a field holds an array. */
    private final NavigableMap<List<Object>, Map<Object, P>> entries = new TreeMap<>(SortedIndex::compareKeys);
    private final boolean unique;
    private long count;
    private boolean multikey;

    SortedIndex(String name, List<IndexKey> keys, boolean sparse, boolean unique) {
        super(name, keys, sparse);
        this.unique = unique;
    }

    @Override
    public boolean isUnique() {
        return unique;
    }

    private static int compareKeys(List<Object> a, List<Object> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int cmp = ValueComparator.asc().compare(a.get(i), b.get(i));
            if (cmp != 0) return cmp;
        }
        return Integer.compare(a.size(), b.size());
    }

    /** The document's identity within the collection (its `_id`), to tell its own entries from others'. */
    private static Object identity(Document document) {
        return new KeyValue(Collections.singletonList(document.get("_id"))).normalized().get(0);
    }

    private boolean skips(Document document) {
        return isSparse() && keys().stream().allMatch(key -> !document.containsKey(key.split("\\.")[0]));
    }

    private Set<List<Object>> keysOf(Document document) {
        Set<KeyValue> values = getKeyValues(document);
        if (values.size() > 1) multikey = true;
        Set<List<Object>> keys = new HashSet<>();
        for (KeyValue value : values) keys.add(value.stream().toList());
        return keys;
    }

    @Override
    public synchronized P getPosition(Document document) {
        if (skips(document)) return null;
        Object id = identity(document);
        for (List<Object> key : keysOf(document)) {
            Map<Object, P> holders = entries.get(key);
            if (holders != null && holders.containsKey(id)) return holders.get(id);
        }
        return null;
    }

    /** A new document: any other document under one of its keys is a duplicate (even with the same `_id`). */
    @Override
    public synchronized void checkAdd(Document document, MongoCollection<P> collection) {
        if (!unique || skips(document)) return;
        for (List<Object> key : keysOf(document)) {
            if (entries.containsKey(key)) throw Compatibility.duplicateKey(this, collection, key);
        }
    }

    @Override
    public synchronized void add(Document document, P position, MongoCollection<P> collection) {
        checkAdd(document, collection);
        if (skips(document)) return;
        Object id = identity(document);
        for (List<Object> key : keysOf(document)) {
            if (entries.computeIfAbsent(key, k -> new HashMap<>(2)).put(id, position) == null) count++;
        }
    }

    @Override
    public synchronized P remove(Document document) {
        if (skips(document)) return null;
        Object id = identity(document);
        P position = null;
        for (List<Object> key : keysOf(document)) {
            Map<Object, P> holders = entries.get(key);
            if (holders == null) continue;
            P removed = holders.remove(id);
            if (removed != null) {
                position = removed;
                count--;
            }
            if (holders.isEmpty()) entries.remove(key);
        }
        return position;
    }

    /** A changed document (its `_id` stays): a duplicate is another document under one of its new keys. */
    @Override
    public synchronized void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<P> collection) {
        if (!unique || skips(newDocument) || nullAwareEqualsKeys(oldDocument, newDocument)) return;
        Object id = identity(newDocument);
        for (List<Object> key : keysOf(newDocument)) {
            Map<Object, P> holders = entries.get(key);
            if (holders != null && !(holders.size() == 1 && holders.containsKey(id))) {
                throw Compatibility.duplicateKey(this, collection, key);
            }
        }
    }

    @Override
    public synchronized void updateInPlace(Document oldDocument, Document newDocument, P position, MongoCollection<P> collection) {
        if (nullAwareEqualsKeys(oldDocument, newDocument)) return;
        remove(oldDocument);
        add(newDocument, position, collection);
    }

    @Override
    public synchronized long getCount() {
        return count;
    }

    @Override
    public long getDataSize() {
        return getCount();
    }

    @Override
    public synchronized void drop() {
        entries.clear();
        count = 0;
    }

    // ------------------------------------------------------------------------------------------------------
    // Queries

    /** How this index would answer a query: the key ranges to read, and whether they come in sort order. */
    record Plan<P>(SortedIndex<P> index, List<Range> ranges, int equalities, boolean bounded, boolean sorted, boolean reversed) {
        /** Prefer the index that pins the most keys, then one with a range, then one that also sorts. */
        int score() {
            return equalities * 4 + (bounded ? 2 : 0) + (sorted ? 1 : 0);
        }

        Iterable<P> positions() {
            return index.positions(ranges, reversed);
        }
    }

    record Range(List<Object> from, boolean fromInclusive, List<Object> to, boolean toInclusive) {}

    private static final int MAX_POINTS = 1000;

    @Override
    public boolean canHandle(Document query) {
        return plan(query, null) != null;
    }

    @Override
    public Iterable<P> getPositions(Document query) {
        Plan<P> plan = plan(query, null);
        if (plan == null) throw new IllegalArgumentException(getName() + " cannot answer " + query);
        return plan.positions();
    }

    /**
     * The plan for a filter and an optional sort, or null when this index does not narrow the filter (no
     * condition it can use on its first key): then the collection is scanned, as MongoDB would.
     */
    synchronized Plan<P> plan(Document query, Document orderBy) {
        List<String> keys = keys();
        List<List<Object>> points = new ArrayList<>();
        points.add(List.of());
        int equalities = 0;
        Object lower = null, upper = null;
        boolean lowerInclusive = true, upperInclusive = true, bounded = false;
        for (String key : keys) {
            if (!query.containsKey(key)) break;
            List<Object> values = equalityValues(query.get(key));
            if (values != null) {
                if (points.size() * values.size() > MAX_POINTS) break;
                List<List<Object>> next = new ArrayList<>();
                for (List<Object> point : points) {
                    for (Object value : values) {
                        List<Object> extended = new ArrayList<>(point);
                        extended.add(value);
                        next.add(extended);
                    }
                }
                points = next;
                equalities++;
                continue;
            }
            if (query.get(key) instanceof Document condition && isRange(condition)) {
                for (Map.Entry<String, Object> entry : condition.entrySet()) {
                    Object bound = normalize(entry.getValue());
                    switch (entry.getKey()) {
                        case "$gt" -> { lower = bound; lowerInclusive = false; }
                        case "$gte" -> { lower = bound; lowerInclusive = true; }
                        case "$lt" -> { upper = bound; upperInclusive = false; }
                        case "$lte" -> { upper = bound; upperInclusive = true; }
                        default -> throw new IllegalStateException(entry.getKey());
                    }
                }
                bounded = true;
            }
            break;
        }
        if (equalities == 0 && !bounded) return null;

        List<Range> ranges = new ArrayList<>();
        for (List<Object> point : points) {
            List<Object> from = new ArrayList<>(point), to = new ArrayList<>(point);
            boolean fromInclusive = true, toInclusive = true;
            if (bounded) {
                from.add(lower == null ? MinKey.getInstance() : lower);
                to.add(upper == null ? MaxKey.getInstance() : upper);
                fromInclusive = lower == null || lowerInclusive;
                toInclusive = upper == null || upperInclusive;
            }
            // Past the keys the query fixes, the entry may hold anything: bound the rest by MinKey and MaxKey.
            while (from.size() < keys.size()) from.add(MinKey.getInstance());
            while (to.size() < keys.size()) to.add(MaxKey.getInstance());
            ranges.add(new Range(from, fromInclusive, to, toInclusive));
        }

        boolean sorted = false, reversed = false;
        if (orderBy != null && !orderBy.isEmpty() && points.size() == 1 && !multikey) {
            Boolean direction = sortDirection(orderBy, equalities);
            if (direction != null) {
                sorted = true;
                reversed = !direction;
            }
        }
        return new Plan<>(this, ranges, equalities, bounded, sorted, reversed);
    }

    /**
     * Whether the sort follows this index's key order after the `equalities` keys the filter pins (true), its
     * reverse (false), or neither (null). Keys pinned by the filter may also appear in the sort.
     */
    private Boolean sortDirection(Document orderBy, int equalities) {
        List<IndexKey> keys = getKeys();
        Boolean forward = null;
        int next = equalities;
        for (Map.Entry<String, Object> entry : orderBy.entrySet()) {
            if (!(entry.getValue() instanceof Number number) || Math.abs(number.intValue()) != 1) return null;
            boolean ascending = number.intValue() == 1;
            int position = indexOf(keys, entry.getKey());
            if (position >= 0 && position < equalities) continue;
            if (position != next) return null;
            boolean sameDirection = ascending == keys.get(position).isAscending();
            if (forward == null) forward = sameDirection;
            else if (forward != sameDirection) return null;
            next++;
        }
        return forward == null ? Boolean.TRUE : forward;
    }

    private static int indexOf(List<IndexKey> keys, String key) {
        for (int i = 0; i < keys.size(); i++) if (keys.get(i).getKey().equals(key)) return i;
        return -1;
    }

    /** The values an equality condition allows (`value`, `{$eq: value}`, `{$in: [...]}`), or null if it is not one the index can look up. */
    private List<Object> equalityValues(Object condition) {
        if (condition instanceof Document document && !document.isEmpty() && document.keySet().iterator().next().startsWith("$")) {
            if (document.size() != 1) return null;
            if (document.containsKey("$eq")) return lookupValue(document.get("$eq")) ? List.of(normalize(document.get("$eq"))) : null;
            if (document.get("$in") instanceof Collection<?> values) {
                List<Object> result = new ArrayList<>();
                for (Object value : values) {
                    if (!lookupValue(value)) return null;
                    result.add(normalize(value));
                }
                return result.isEmpty() ? null : result;
            }
            return null;
        }
        return lookupValue(condition) ? List.of(normalize(condition)) : null;
    }

    /**
     * A value found by looking its key up: not an array or embedded document (those match in ways the index
     * keys do not show), nor a regular expression, nor null on a sparse index (null also matches a missing field).
     */
    private boolean lookupValue(Object value) {
        if (value instanceof Collection || value instanceof Document || value instanceof BsonRegularExpression) return false;
        return value != null || !isSparse();
    }

    private static boolean isRange(Document condition) {
        if (condition.isEmpty()) return false;
        for (Map.Entry<String, Object> entry : condition.entrySet()) {
            if (!List.of("$gt", "$gte", "$lt", "$lte").contains(entry.getKey())) return false;
            Object bound = entry.getValue();
            if (bound == null || bound instanceof Collection || bound instanceof Document || bound instanceof BsonRegularExpression) return false;
        }
        return true;
    }

    private static Object normalize(Object value) {
        return new KeyValue(Collections.singletonList(value)).normalized().get(0);
    }

    /** The positions in the ranges, in key order (or reversed), each once; read lazily as the caller goes. */
    private Iterable<P> positions(List<Range> ranges, boolean reversed) {
        return () -> new Iterator<>() {
            private final Iterator<Range> rangeIterator = (reversed ? reversedCopy(ranges) : ranges).iterator();
            private final Set<P> seen = multikey || ranges.size() > 1 ? new HashSet<>() : null;
            private Iterator<P> current = Collections.emptyIterator();
            private P next;

            @Override
            public boolean hasNext() {
                while (next == null) {
                    while (!current.hasNext()) {
                        if (!rangeIterator.hasNext()) return false;
                        current = within(rangeIterator.next(), reversed);
                    }
                    P candidate = current.next();
                    if (seen == null || seen.add(candidate)) next = candidate;
                }
                return true;
            }

            @Override
            public P next() {
                if (!hasNext()) throw new NoSuchElementException();
                P result = next;
                next = null;
                return result;
            }
        };
    }

    private static <T> List<T> reversedCopy(List<T> list) {
        List<T> copy = new ArrayList<>(list);
        Collections.reverse(copy);
        return copy;
    }

    /**
     * The positions in one range, read lazily: a query reads them to the end before any write of the same
     * command changes the index (the collection collects its answer first, on the one worker thread).
     */
    private Iterator<P> within(Range range, boolean reversed) {
        if (compareKeys(range.from(), range.to()) > 0) return Collections.emptyIterator();
        NavigableMap<List<Object>, Map<Object, P>> slice = entries.subMap(range.from(), range.fromInclusive(), range.to(), range.toInclusive());
        Iterator<Map<Object, P>> holders = (reversed ? slice.descendingMap() : slice).values().iterator();
        return new Iterator<>() {
            private Iterator<P> current = Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!current.hasNext()) {
                    if (!holders.hasNext()) return false;
                    current = holders.next().values().iterator();
                }
                return true;
            }

            @Override
            public P next() {
                if (!hasNext()) throw new NoSuchElementException();
                return current.next();
            }
        };
    }

    @Override
    public String toString() {
        return "SortedIndex[" + getName() + ", " + keys() + (unique ? ", unique" : "") + "]";
    }

    /** The index's keys as MongoDB writes them: { field: 1 | -1, ... }. */
    Document keyPattern() {
        Document pattern = new Document();
        for (IndexKey key : getKeys()) pattern.put(key.getKey(), key.isAscending() ? 1 : -1);
        return pattern;
    }

    /** A key as MongoDB shows it in a duplicate-key error: { field: value, ... }. */
    Document keyValue(List<Object> key) {
        Document value = new Document();
        List<IndexKey> keys = getKeys();
        for (int i = 0; i < keys.size(); i++) value.put(keys.get(i).getKey(), key.get(i));
        return value;
    }
}
