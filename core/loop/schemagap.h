#pragma once

#include "core/errors/diagnosis.h"
#include "core/errors/schemanames.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace sqlmend::core {

// Where an error points outside the schema the model was given: the name the error used (a
// table, or a column) exists in the catalog, in a table that was not linked into the prompt. Then
// the model could not have known it, the advice says so, and the next round links that table.
class SchemaGap
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::SchemaGap)

public:
    struct Found
    {
        QString name;  // as the error used it (a column, or the table itself)
        QString table; // the catalog's table that has it
        bool isTable() const { return name.compare(table, Qt::CaseInsensitive) == 0; }
        friend bool operator==(const Found &, const Found &) = default;
    };

    // At most a few tables, best first. schema: the names the loop may use (excluded tables
    // already left out); linked: the tables the prompt showed.
    static QList<Found> find(const Diagnosis &diagnosis, const SchemaNames &schema,
                             const QStringList &linked);
    // "`x` exists in table `t`, which was not in the schema the model was given; it is added to
    // the next prompt."
    static QString advice(const QList<Found> &found);
};

} // namespace sqlmend::core
