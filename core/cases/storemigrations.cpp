#include "core/cases/storemigrations.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The tables, written once for both engines: %1 is the id column's type, %2 the integer type.
QStringList tables(const QString &idColumn, const QString &integer)
{
    return {
            uR"(CREATE TABLE cases (
    id %1,
    kind TEXT NOT NULL CHECK (kind IN ('good', 'bad')),
    question TEXT NOT NULL,
    sql_text TEXT NOT NULL DEFAULT '',
    datasource TEXT NOT NULL DEFAULT '',
    dialect TEXT NOT NULL DEFAULT '',
    columns_json TEXT NOT NULL DEFAULT '[]',
    row_count %2 NOT NULL DEFAULT 0,
    error_class TEXT NOT NULL DEFAULT '',
    root_cause TEXT NOT NULL DEFAULT '',
    attempts %2 NOT NULL DEFAULT 0,
    origin TEXT NOT NULL CHECK (origin IN ('auto', 'curated')),
    notes TEXT NOT NULL DEFAULT '',
    active %2 NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    search_text TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
))"_s.arg(idColumn, integer),
            u"CREATE INDEX cases_by_kind ON cases (kind, active, datasource)"_s,
            uR"(CREATE TABLE questions (
    id %1,
    question TEXT NOT NULL,
    datasource TEXT NOT NULL DEFAULT '',
    dialect TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL
        CHECK (status IN ('ok', 'failed', 'terminal', 'cancelled', 'timeout')),
    started_at TEXT NOT NULL DEFAULT '',
    finished_at TEXT NOT NULL DEFAULT '',
    final_sql TEXT NOT NULL DEFAULT '',
    total_ms %2 NOT NULL DEFAULT 0,
    prompt_tokens %2 NOT NULL DEFAULT 0,
    completion_tokens %2 NOT NULL DEFAULT 0,
    attempt_count %2 NOT NULL DEFAULT 0
))"_s.arg(idColumn, integer),
            u"CREATE INDEX questions_by_start ON questions (started_at)"_s,
            uR"(CREATE TABLE attempts (
    question_id %1 NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    idx %1 NOT NULL,
    origin TEXT NOT NULL CHECK (origin IN ('llm', 'cache', 'autofix', 'user')),
    sql_text TEXT NOT NULL DEFAULT '',
    outcome TEXT NOT NULL,
    error_class TEXT NOT NULL DEFAULT '',
    terminal %1 NOT NULL DEFAULT 0,
    root_cause TEXT NOT NULL DEFAULT '',
    advice TEXT NOT NULL DEFAULT '',
    raw_error TEXT NOT NULL DEFAULT '',
    elapsed_ms %1 NOT NULL DEFAULT 0,
    prompt_tokens %1 NOT NULL DEFAULT 0,
    completion_tokens %1 NOT NULL DEFAULT 0,
    PRIMARY KEY (question_id, idx)
))"_s.arg(integer),
            // The key is a hash: normalized SQL can be megabytes, more than a PostgreSQL B-tree
            // entry may hold. The parts are kept to rule out a collision on lookup.
            uR"(CREATE TABLE fix_cache (
    key_hash TEXT PRIMARY KEY,
    sql_key TEXT NOT NULL,
    error_class TEXT NOT NULL,
    root_cause_key TEXT NOT NULL,
    datasource TEXT NOT NULL,
    fixed_sql TEXT NOT NULL,
    hit_count %1 NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    last_used_at TEXT NOT NULL
))"_s.arg(integer),
    };
}

// Pins and excludes: the tables a datasource's prompts always or never get (ContextSettings);
// and the schema each stored model attempt was given (AttemptLinks).
QStringList contextTablesStep(const QString &integer)
{
    return {
            uR"(CREATE TABLE context_tables (
    datasource TEXT NOT NULL,
    table_name TEXT NOT NULL,
    mark TEXT NOT NULL CHECK (mark IN ('pinned', 'excluded')),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (datasource, table_name)
))"_s,
            uR"(CREATE TABLE attempt_links (
    question_id %1 NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
    idx %1 NOT NULL,
    linked_json TEXT NOT NULL,
    PRIMARY KEY (question_id, idx)
))"_s.arg(integer),
    };
}

// Step 4: conversations and their turns, and the conversation context of good cases.
QStringList conversationTables(const QString &idColumn, const QString &integer)
{
    return {
            uR"(CREATE TABLE conversations (
    id %1,
    name TEXT NOT NULL UNIQUE,
    datasource TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
))"_s.arg(idColumn),
            uR"(CREATE TABLE conversation_turns (
    conversation_id %1 NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    idx %1 NOT NULL,
    question TEXT NOT NULL,
    status TEXT NOT NULL
        CHECK (status IN ('ok', 'failed', 'terminal', 'cancelled', 'timeout')),
    final_sql TEXT NOT NULL DEFAULT '',
    columns_json TEXT NOT NULL DEFAULT '[]',
    question_id %1 NOT NULL DEFAULT 0,
    asked_at TEXT NOT NULL,
    PRIMARY KEY (conversation_id, idx)
))"_s.arg(integer),
            u"CREATE INDEX conversation_turns_by_question ON conversation_turns (question_id)"_s,
            // The earlier questions a good case answered in, oldest first (a JSON array).
            uR"(CREATE TABLE case_contexts (
    case_id %1 PRIMARY KEY REFERENCES cases (id) ON DELETE CASCADE,
    context_json TEXT NOT NULL DEFAULT '[]'
))"_s.arg(integer),
    };
}

// Business notes and glossary terms per datasource: new tables only, the same on
// both engines. The keys are the names in lower case; the names are kept as written.
QStringList notesTables()
{
    return {
            uR"(CREATE TABLE business_notes (
    datasource TEXT NOT NULL,
    target_key TEXT NOT NULL,
    table_name TEXT NOT NULL,
    column_name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    synonyms_json TEXT NOT NULL DEFAULT '[]',
    allowed_values_json TEXT NOT NULL DEFAULT '[]',
    formula TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (datasource, target_key)
))"_s,
            uR"(CREATE TABLE glossary_terms (
    datasource TEXT NOT NULL,
    term_key TEXT NOT NULL,
    term TEXT NOT NULL,
    definition TEXT NOT NULL,
    tables_json TEXT NOT NULL DEFAULT '[]',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (datasource, term_key)
))"_s,
    };
}

} // namespace

QList<QStringList> storeMigrations(StoreLocation::Backend backend)
{
    if (backend == StoreLocation::Backend::SQLite) {
        // AUTOINCREMENT: a deleted case's id is never handed out again, so an undo can put it
        // back under the same id.
        return {
                tables(u"INTEGER PRIMARY KEY AUTOINCREMENT"_s, u"INTEGER"_s),
                {
                        // External content: the index reads cases.search_text; triggers keep it in
                        // step.
                        u"CREATE VIRTUAL TABLE cases_fts USING fts5(search_text, content='cases', "
                        "content_rowid='id', tokenize='unicode61 remove_diacritics 2')"_s,
                        u"CREATE TRIGGER cases_fts_insert AFTER INSERT ON cases BEGIN "
                        "INSERT INTO cases_fts (rowid, search_text) VALUES (new.id, "
                        "new.search_text); "
                        "END"_s,
                        u"CREATE TRIGGER cases_fts_delete AFTER DELETE ON cases BEGIN "
                        "INSERT INTO cases_fts (cases_fts, rowid, search_text) "
                        "VALUES ('delete', old.id, old.search_text); END"_s,
                        u"CREATE TRIGGER cases_fts_update AFTER UPDATE OF search_text ON cases "
                        u"BEGIN "
                        "INSERT INTO cases_fts (cases_fts, rowid, search_text) "
                        "VALUES ('delete', old.id, old.search_text); "
                        "INSERT INTO cases_fts (rowid, search_text) VALUES (new.id, "
                        "new.search_text); "
                        "END"_s,
                        u"INSERT INTO cases_fts (cases_fts) VALUES ('rebuild')"_s,
                },
                contextTablesStep(u"INTEGER"_s),
                conversationTables(u"INTEGER PRIMARY KEY AUTOINCREMENT"_s, u"INTEGER"_s),
                notesTables(),
        };
    }
    // PostgreSQL 15 without extensions: the 'simple' configuration (no stemming, no stop
    // words, the same terms as SQLite's unicode61) over a GIN expression index.
    return {
            tables(u"BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"_s, u"BIGINT"_s),
            {
                    u"CREATE INDEX cases_search ON cases USING gin (to_tsvector('simple', search_text))"_s,
            },
            contextTablesStep(u"BIGINT"_s),
            conversationTables(u"BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"_s,
                               u"BIGINT"_s),
            notesTables(),
    };
}

} // namespace sqlmend::core
