#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace sqlmend::core {

enum class CaseKind { Good, Bad };
// auto: saved by the loop; curated: written or edited by a person.
enum class CaseOrigin { Auto, Curated };

QString caseKindName(CaseKind kind); // "good", "bad"
std::optional<CaseKind> caseKindFromName(QStringView name);
QString caseOriginName(CaseOrigin origin); // "auto", "curated"
std::optional<CaseOrigin> caseOriginFromName(QStringView name);

// One good or bad case. Good and bad cases share one record so that a person can move a case
// from one kind to the other without losing its question or SQL; the fields of the other kind
// are kept as they are.
struct CaseRecord
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::CaseRecord)

public:
    qint64 id = 0; // 0: not stored yet
    CaseKind kind = CaseKind::Good;
    QString question;
    QString sql;        // a good case's SQL, or a bad case's last SQL
    QString datasource; // names the database, e.g. its URL without a password
    QString dialect;    // the engine's name, e.g. "postgresql"
    // Good: the result's shape.
    QStringList columns;
    qint64 rowCount = 0;
    // Bad: why it failed.
    QString errorClass; // a stable class name (errorClassName()), or empty
    QString rootCause;
    int attempts = 0;
    CaseOrigin origin = CaseOrigin::Auto;
    QString notes;
    bool active = true;
    QDateTime created; // UTC, millisecond precision
    QDateTime updated;

    // One JSON Lines record: {"kind", "id", "question", "sql", "datasource", "dialect",
    // "columns", "row_count", "error_class", "root_cause", "attempts", "origin", "notes",
    // "active", "created", "updated"}.
    QJsonObject toJson() const;
    // Checks every field's type and value; "kind" and "question" are required.
    static Result<CaseRecord> fromJson(const QJsonObject &object);

    // Empty when the record may be stored, else the reason it may not.
    QString validationError() const;

    friend bool operator==(const CaseRecord &, const CaseRecord &) = default;
};

// What the loop knows after a run, offered as a good case.
struct GoodCaseCandidate
{
    QString question;
    QString sql;
    QString datasource;
    QString dialect;
    bool succeeded = false; // the run ended without an error
    QStringList columns;
    qint64 rowCount = 0;
};

// Which cases a list or an export shows; empty fields do not filter.
struct CaseFilter
{
    std::optional<CaseKind> kind;
    QString errorClass;
    QString datasource;
    std::optional<bool> active;
    QString search; // full-text: cases whose question or notes hold every word, best first
    int limit = -1; // -1: no limit
    int offset = 0;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::CaseRecord)
Q_DECLARE_METATYPE(sqlmend::core::CaseFilter)
