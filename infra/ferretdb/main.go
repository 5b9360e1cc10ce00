// Command nocturne-ferretdb runs FerretDB (embedded, SQLite backend) as a
// MongoDB-wire-compatible server for machines without Docker.
//
// FerretDB 1.x executes an update as "read the documents, change them, write them back"
// without isolation, so two concurrent $inc updates of one document can lose one of them
// and two conditional updates ({_id, version: n}) can both succeed. MongoDB makes every
// single-document write atomic, and the app relies on that (counters, checkpoints,
// optimistic concurrency). This program therefore puts a small front in front of FerretDB:
// it forwards every wire-protocol request to the embedded server while holding a
// readers-writer lock, shared for read-only commands (find, aggregate, count, ...) and
// exclusive for everything else. Each command is then atomic, like on MongoDB.
//
// Flags:
//
//	-listen  TCP address to listen on (default 127.0.0.1:27017)
//	-data    directory that holds the SQLite databases (created if missing)
//	-log     log level: debug, info, warn, error (default warn)
package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

const (
	opMsg          = 2013
	flagMoreToCome = 1 << 1
	maxMessageSize = 64 << 20
)

// readOnly lists commands that never write; they share the lock.
var readOnly = map[string]bool{
	"find": true, "getMore": true, "count": true, "distinct": true, "aggregate": true,
	"listIndexes": true, "listCollections": true, "listDatabases": true,
	"hello": true, "isMaster": true, "ismaster": true, "ping": true,
	"buildInfo": true, "buildinfo": true, "serverStatus": true, "dbStats": true, "collStats": true,
	"getParameter": true, "getCmdLineOpts": true, "connectionStatus": true, "whatsmyuri": true,
	"getLog": true, "hostInfo": true, "listCommands": true, "explain": true,
	"endSessions": true, "killCursors": true, "saslStart": true, "saslContinue": true,
}

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	data := flag.String("data", "data", "directory for the SQLite databases")
	level := flag.String("log", "warn", "log level: debug, info, warn, error")
	flag.Parse()

	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(os.Stderr, "bad -log %q: %v\n", *level, err)
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))

	dir, err := filepath.Abs(*data)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		logger.Error("data directory", "dir", *data, "error", err)
		os.Exit(1)
	}

	// Bind the public address first so that a busy port fails fast and clearly.
	front, err := net.Listen("tcp", *listen)
	if err != nil {
		logger.Error("listen", "addr", *listen, "error", err)
		os.Exit(1)
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: "127.0.0.1:0"},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + dir + "/",
	})
	if err != nil {
		logger.Error("start", "error", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := f.Run(ctx); err != nil {
			logger.Error("run", "error", err)
		}
	}()

	u, err := url.Parse(f.MongoDBURI()) // blocks until the embedded listener is bound
	if err != nil {
		logger.Error("backend address", "error", err)
		os.Exit(1)
	}
	backend := u.Host

	go func() {
		<-ctx.Done()
		front.Close()
	}()

	fmt.Fprintf(os.Stderr, "nocturne-ferretdb listening on mongodb://%s/ (data %s)\n", front.Addr(), dir)

	var lock sync.RWMutex
	for {
		c, err := front.Accept()
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			logger.Warn("accept", "error", err)
			continue
		}
		go serve(c, backend, &lock, logger)
	}

	<-done
}

// serve forwards one client connection to its own backend connection, one request at a time.
func serve(client net.Conn, backend string, lock *sync.RWMutex, logger *slog.Logger) {
	defer client.Close()

	server, err := net.Dial("tcp", backend)
	if err != nil {
		logger.Error("dial backend", "error", err)
		return
	}
	defer server.Close()

	cr := bufio.NewReader(client)
	sr := bufio.NewReader(server)

	for {
		req, err := readMessage(cr)
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) {
				logger.Debug("read request", "error", err)
			}
			return
		}

		shared, expectReply := classify(req)
		if shared {
			lock.RLock()
		} else {
			lock.Lock()
		}
		var res []byte
		_, err = server.Write(req)
		if err == nil && expectReply {
			res, err = readMessage(sr)
		}
		if shared {
			lock.RUnlock()
		} else {
			lock.Unlock()
		}
		if err != nil {
			logger.Debug("backend", "error", err)
			return
		}
		if res != nil {
			if _, err := client.Write(res); err != nil {
				return
			}
		}
	}
}

// readMessage reads one complete wire-protocol message (header included).
func readMessage(r *bufio.Reader) ([]byte, error) {
	var header [16]byte
	if _, err := io.ReadFull(r, header[:]); err != nil {
		return nil, err
	}
	n := int(int32(binary.LittleEndian.Uint32(header[:4])))
	if n < 16 || n > maxMessageSize {
		return nil, fmt.Errorf("bad message length %d", n)
	}
	msg := make([]byte, n)
	copy(msg, header[:])
	if _, err := io.ReadFull(r, msg[16:]); err != nil {
		return nil, err
	}
	return msg, nil
}

// classify tells whether a request may share the lock (read-only command) and whether
// the server answers it (OP_MSG with moreToCome gets no reply).
func classify(msg []byte) (shared, expectReply bool) {
	if int32(binary.LittleEndian.Uint32(msg[12:16])) != opMsg || len(msg) < 27 {
		return false, true
	}
	flags := binary.LittleEndian.Uint32(msg[16:20])
	expectReply = flags&flagMoreToCome == 0
	// Section kind 0 (the command document) comes first in practice: byte 20 is the kind,
	// 21..24 the document length, 25 the first element's type, then its name (the command).
	if msg[20] != 0 {
		return false, expectReply
	}
	name := msg[26:]
	for i, b := range name {
		if b == 0 {
			return readOnly[string(name[:i])], expectReply
		}
	}
	return false, expectReply
}
