#pragma once

#include "core/errors/diagnosis.h"
#include "core/result.h"
#include "core/schema/catalogsnapshot.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

class QSqlDatabase;

namespace sqlmend::core {

// The catalogs of the datasources this user has worked with, and their schema-linking indexes,
// kept between processes in a SQLite file of their own (beside the case store, in the user's
// cache folder), so that a question on an unchanged 10,000-table database does not read its
// catalog again. Each entry is one schema of one datasource under the fingerprint it was read
// at (CatalogLoader::fingerprint); an entry whose fingerprint no longer matches is never used.
// Any number of processes may read and write the file at once (WAL, a busy timeout, one
// transaction per replacement); a file that is not a cache is replaced. The cache only ever
// saves time: when it cannot be read or written, the catalog comes from the database.
class CatalogCache
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::CatalogCache)

public:
    enum class Needs {
        Tables, // the schema browser, the schema command
        Index,  // a question: the tables, the schema-linking index and the advisor's names
    };

    // $SQLMEND_CATALOG_CACHE when it is set (set but empty: no cache at all), else
    // catalog-cache.sqlite in the user's cache folder.
    static QString defaultPath();

    explicit CatalogCache(QString path = defaultPath());

    const QString &path() const { return m_path; }
    bool isEnabled() const { return !m_path.isEmpty(); }

    // The one way in, for the correction loop and the window alike, on the connection's worker:
    // the schema's catalog as it is now. Takes the fingerprint (one cheap query); when it equals
    // previous's, previous is the answer; else the cached entry with that fingerprint; else the
    // catalog is read from the database (and the index built when needed) and cached. reload
    // skips both shortcuts (the user asked to refresh). An empty schema means the default one.
    Result<std::shared_ptr<const CatalogSnapshot>, Diagnosis>
    current(QSqlDatabase &database, Engine engine, const QString &datasource, const QString &schema,
            Needs needs, const std::shared_ptr<const CatalogSnapshot> &previous = {},
            bool reload = false) const;

    // The entry stored under this key and fingerprint, or null. With Needs::Index the entry
    // must hold an index, which is restored.
    std::shared_ptr<CatalogSnapshot> read(const QString &datasource, const QString &schema,
                                          const QString &fingerprint, Needs needs) const;
    // Stores the snapshot (with its index when it has one) in place of the entry with its key;
    // false when it has no fingerprint or the file cannot be written.
    bool write(const CatalogSnapshot &snapshot) const;
    // Entries stored, for housekeeping and tests; -1 when the file cannot be read.
    int entryCount() const;

    // At most this many entries are kept; the least recently used go first.
    static constexpr int MaxEntries = 16;

private:
    QString m_path;
};

} // namespace sqlmend::core
