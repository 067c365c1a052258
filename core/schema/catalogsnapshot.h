#pragma once

#include "core/errors/diagnosis.h"
#include "core/errors/schemanames.h"
#include "core/schema/catalogobjects.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace sqlmend::core {

class SchemaLinker;

// One schema's catalog as it was when its fingerprint was taken, with its schema-linking index
// when that was asked for. Immutable once made and shared by pointer: a question that finds the
// fingerprint unchanged goes on with the same snapshot.
struct CatalogSnapshot
{
    enum class Source {
        Database, // read from the database just now
        Cache,    // restored from the catalog cache file
    };

    Engine engine = Engine::Unknown;
    QString datasource; // the connection's URL without password: the cache's key
    QString schema;
    QString fingerprint; // empty: the engine gave none, and the snapshot is not cached
    Source source = Source::Database;
    QList<CatalogTable> tables;
    QStringList functions;
    // Made with the index, for questions (null otherwise): the index, and the names the advisor
    // suggests from.
    std::shared_ptr<SchemaLinker> linker;
    std::shared_ptr<const SchemaNames> names;
    QString indexFailure; // why the index could not be built (questions go on without it)

    // Appends the names of these tables, and the functions not yet in names.
    static void appendNames(SchemaNames &names, const QList<CatalogTable> &tables,
                            const QStringList &functions);
};

} // namespace sqlmend::core
