package main

import (
	"crypto/subtle"
	"sync"
)

// Bookmark is a saved link.
type Bookmark struct {
	ID    int    `json:"id"`
	URL   string `json:"url"`
	Title string `json:"title"`
}

// Store keeps users and their bookmarks in memory; it is safe for
// concurrent use.
type Store struct {
	mu        sync.Mutex
	passwords map[string]string
	bookmarks map[string][]Bookmark // by user
	lastID    int
}

// NewStore returns a store whose users have the given passwords. (A real
// app keeps password hashes, from golang.org/x/crypto/argon2 or bcrypt.)
func NewStore(passwords map[string]string) *Store {
	return &Store{passwords: passwords, bookmarks: map[string][]Bookmark{}}
}

// CheckPassword reports whether user exists and password is theirs.
func (s *Store) CheckPassword(user, password string) bool {
	want, ok := s.passwords[user]
	return ok && subtle.ConstantTimeCompare([]byte(want), []byte(password)) == 1
}

// Add saves b for user and returns it with its id.
func (s *Store) Add(user string, b Bookmark) Bookmark {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastID++
	b.ID = s.lastID
	s.bookmarks[user] = append(s.bookmarks[user], b)
	return b
}

// List returns the bookmarks of user, oldest first (an empty list, not
// nil, when there are none: [] in JSON).
func (s *Store) List(user string) []Bookmark {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Bookmark{}, s.bookmarks[user]...)
}
