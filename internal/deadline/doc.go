// Package deadline applies an http.Server's timeouts without net/http's
// per-request deadline work. fwk's App.Serve builds its server with it:
//
//	srv := &http.Server{
//		Handler:           deadline.Handler(h, readTimeout, writeTimeout),
//		ReadHeaderTimeout: readHeaderTimeout,
//		IdleTimeout:       idleTimeout,
//		ConnState:         deadline.ConnState,
//	}
//	srv.Serve(deadline.Listener(l, writeTimeout, shortestTimeout))
//
// The server's own ReadTimeout and WriteTimeout stay zero: [Handler] and
// the connections of [Listener] apply them. A zero or negative timeout is
// none.
//
// # Why
//
// net/http arms a read deadline (ReadTimeout) and a write deadline
// (WriteTimeout) on every request, and sets the idle and header deadlines
// of a kept-alive connection between two requests, each a runtime timer
// update: on a small GET that work costs several per cent of the
// throughput. This package keeps the protections at a lower price:
//
//   - ReadHeaderTimeout, IdleTimeout and MaxHeaderBytes stay with net/http
//     (a slow header and an idle connection are closed, a large header is
//     answered 431), but the connection enforces the far read deadlines
//     net/http asks for with one watch per listener instead of a timer per
//     deadline (readWatch, below);
//   - ReadTimeout is armed by [Handler], and only for a request that has a
//     body (a slow body is cut when its time is up);
//   - WriteTimeout bounds how long a write to the connection may stall: the
//     connection re-arms its write deadline, now + WriteTimeout, on a write
//     that finds less than half of it left, so that a busy connection
//     touches its timer at most twice per WriteTimeout, not twice per
//     request. A client that stops reading is cut after between
//     WriteTimeout/2 and WriteTimeout of a stalled write; a response that
//     keeps moving is not.
//
// TLS connections are not wrapped (net/http needs their *tls.Conn): they
// keep net/http's read deadlines, and [Handler] sets their write deadline
// once per request.
//
// # Read deadlines: a watch instead of timers
//
// net/http sets a connection's read deadline several times per request on
// a kept-alive connection: the idle deadline (IdleTimeout), the header
// deadline (ReadHeaderTimeout), a zero one while the handler runs, and a
// deadline in the past that wakes its background read when the response
// is done. Given to the runtime, each far deadline starts or moves a
// timer. A connection of [Listener] keeps the deadline asked (L) instead,
// and:
//
//   - a deadline far ahead (at least nearTicks ticks) is only recorded: the
//     readWatch of the listener looks at every connection once per tick and
//     sets a deadline in the past on the connections whose L has passed,
//     which wakes their blocked reads;
//   - a zero deadline is only recorded, but clears the connection's own when
//     one is set;
//   - a deadline in the past or near ahead (net/http's wake-up, a short one
//     set by a handler) is set on the connection at once, as net/http does.
//
// A read that fails on a deadline the connection holds from an earlier L
// (the watch fired while L was moved) sets the connection's deadline from
// the current L and reads again; a read whose L has really passed fails.
// Per request this leaves the two calls that wake the background read,
// which a server without timeouts makes too, and no timer work.
//
// # How late a timeout may fire
//
// The watch's tick is a twentieth of the shortest timeout given to
// [Listener] (between 1 ms and 500 ms; 500 ms when there is none), so
// every timeout of the server is far. A far deadline is never early, and
// late by at most one tick: a tenth of its length at most, 500 ms with
// fwk's defaults. A deadline closer than nearTicks ticks is exact.
//
// A connection handed over by [ConnState] (hijacked) leaves the watch: its
// read deadlines are set as its new owner asks.
package deadline
