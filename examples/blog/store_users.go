package main

import (
	"context"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// User is someone who can log in.
type User struct {
	ID        int64
	Name      string
	CreatedAt time.Time
}

// Message is what the contact form stores.
type Message struct {
	ID        int64
	Name      string
	Email     string
	Body      string
	CreatedAt time.Time
}

// ErrBadLogin is returned by Authenticate for an unknown user or a wrong
// password (deliberately the same error for both).
var ErrBadLogin = errors.New("blog: wrong user name or password")

// passwordIterations is the PBKDF2-HMAC-SHA256 work factor of new
// password hashes (OWASP's 2023 figure). Hashes record their own count, so
// it can grow without breaking old ones.
const passwordIterations = 600_000

// adminIterations is the work factor seedAdmin hashes the admin's password
// with: passwordIterations, lowered only by the tests (TestMain), which
// start the blog many times under the race detector, where one hash of
// passwordIterations rounds takes seconds.
var adminIterations = passwordIterations

// hashPassword returns "pbkdf2-sha256$<iterations>$<salt>$<key>".
func hashPassword(password string, iterations int) (string, error) {
	salt := make([]byte, 16)
	rand.Read(salt)
	key, err := pbkdf2.Key(sha256.New, password, salt, iterations, 32)
	if err != nil {
		return "", fmt.Errorf("blog: hash password: %w", err)
	}
	enc := base64.RawStdEncoding
	return "pbkdf2-sha256$" + strconv.Itoa(iterations) + "$" + enc.EncodeToString(salt) + "$" + enc.EncodeToString(key), nil
}

// parseHash splits a hash made by hashPassword.
func parseHash(hash string) (iterations int, salt, key []byte, ok bool) {
	parts := strings.Split(hash, "$")
	if len(parts) != 4 || parts[0] != "pbkdf2-sha256" {
		return 0, nil, nil, false
	}
	iterations, err := strconv.Atoi(parts[1])
	if err != nil || iterations < 1 || iterations > 10_000_000 {
		return 0, nil, nil, false
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[2])
	key, err2 := enc.DecodeString(parts[3])
	if err1 != nil || err2 != nil || len(key) == 0 {
		return 0, nil, nil, false
	}
	return iterations, salt, key, true
}

// checkPassword reports whether password matches hash, in constant time.
func checkPassword(hash, password string) bool {
	iterations, salt, want, ok := parseHash(hash)
	if !ok {
		return false
	}
	got, err := pbkdf2.Key(sha256.New, password, salt, iterations, len(want))
	return err == nil && subtle.ConstantTimeCompare(got, want) == 1
}

// CreateUser stores a user with a hash of password made with iterations
// rounds of PBKDF2 (passwordIterations unless a test wants it faster).
func (s *Store) CreateUser(ctx context.Context, name, password string, iterations int) (*User, error) {
	hash, err := hashPassword(password, iterations)
	if err != nil {
		return nil, err
	}
	u := &User{Name: name, CreatedAt: now()}
	row := s.db.QueryRowContext(ctx, s.dialect.rebind(
		`INSERT INTO users (name, password_hash, created_at) VALUES (?, ?, ?) RETURNING id`),
		u.Name, hash, u.CreatedAt)
	if err := row.Scan(&u.ID); err != nil {
		return nil, fmt.Errorf("blog: create user %q: %w", name, err)
	}
	return u, nil
}

// SetPassword gives the user called name the password, hashed with
// iterations rounds; it reports whether the user exists (a password is
// hashed only for a user that does).
func (s *Store) SetPassword(ctx context.Context, name, password string, iterations int) (bool, error) {
	var users int
	err := s.db.QueryRowContext(ctx, s.dialect.rebind(`SELECT COUNT(*) FROM users WHERE name = ?`), name).Scan(&users)
	if err != nil || users == 0 {
		return false, err
	}
	hash, err := hashPassword(password, iterations)
	if err != nil {
		return false, err
	}
	res, err := s.db.ExecContext(ctx, s.dialect.rebind(`UPDATE users SET password_hash = ? WHERE name = ?`), hash, name)
	if err != nil {
		return false, fmt.Errorf("blog: set the password of %q: %w", name, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// CountUsers returns how many users exist.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	return n, err
}

// Authenticate returns the user called name when password is theirs, else
// an error wrapping ErrBadLogin.
func (s *Store) Authenticate(ctx context.Context, name, password string) (*User, error) {
	u := &User{}
	var hash string
	row := s.db.QueryRowContext(ctx, s.dialect.rebind(
		`SELECT id, name, password_hash, created_at FROM users WHERE name = ?`), name)
	err := row.Scan(&u.ID, &u.Name, &hash, &u.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		checkPassword(dummyHash, password) // same work as for a real user
		return nil, ErrBadLogin
	}
	if err != nil {
		return nil, fmt.Errorf("blog: authenticate %q: %w", name, err)
	}
	if !checkPassword(hash, password) {
		return nil, ErrBadLogin
	}
	return u, nil
}

// dummyHash is checked against when the user does not exist, so that the
// answer takes as long as for a wrong password (it matches no password
// anyone types: its key is all zeros).
const dummyHash = "pbkdf2-sha256$600000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"

// User returns the user with id, or an error wrapping ErrNotFound.
func (s *Store) User(ctx context.Context, id int64) (*User, error) {
	u := &User{}
	row := s.db.QueryRowContext(ctx, s.dialect.rebind(`SELECT id, name, created_at FROM users WHERE id = ?`), id)
	err := row.Scan(&u.ID, &u.Name, &u.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("user %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("blog: user %d: %w", id, err)
	}
	return u, nil
}

// CreateMessage stores a message sent with the contact form.
func (s *Store) CreateMessage(ctx context.Context, m *Message) error {
	m.CreatedAt = now()
	row := s.db.QueryRowContext(ctx, s.dialect.rebind(
		`INSERT INTO messages (name, email, body, created_at) VALUES (?, ?, ?, ?) RETURNING id`),
		m.Name, m.Email, m.Body, m.CreatedAt)
	if err := row.Scan(&m.ID); err != nil {
		return fmt.Errorf("blog: store message: %w", err)
	}
	return nil
}

// Messages returns the latest contact messages, newest first (at most 50).
func (s *Store) Messages(ctx context.Context) ([]*Message, error) {
	return queryAll(ctx, s, "list messages", func(row rowScanner) (*Message, error) {
		m := &Message{}
		return m, row.Scan(&m.ID, &m.Name, &m.Email, &m.Body, &m.CreatedAt)
	}, `SELECT id, name, email, body, created_at FROM messages ORDER BY id DESC LIMIT 50`)
}
