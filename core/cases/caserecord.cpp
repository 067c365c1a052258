#include "core/cases/caserecord.h"

#include "core/cases/storetime.h"
#include "core/errors/errorclass.h"

#include <QJsonArray>
#include <QJsonValue>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QString caseKindName(CaseKind kind)
{
    return kind == CaseKind::Good ? u"good"_s : u"bad"_s;
}

std::optional<CaseKind> caseKindFromName(QStringView name)
{
    if (name == u"good")
        return CaseKind::Good;
    if (name == u"bad")
        return CaseKind::Bad;
    return std::nullopt;
}

QString caseOriginName(CaseOrigin origin)
{
    return origin == CaseOrigin::Auto ? u"auto"_s : u"curated"_s;
}

std::optional<CaseOrigin> caseOriginFromName(QStringView name)
{
    if (name == u"auto")
        return CaseOrigin::Auto;
    if (name == u"curated")
        return CaseOrigin::Curated;
    return std::nullopt;
}

QJsonObject CaseRecord::toJson() const
{
    QJsonObject object;
    object.insert(u"kind", caseKindName(kind));
    object.insert(u"id", id);
    object.insert(u"question", question);
    object.insert(u"sql", sql);
    object.insert(u"datasource", datasource);
    object.insert(u"dialect", dialect);
    object.insert(u"columns", QJsonArray::fromStringList(columns));
    object.insert(u"row_count", rowCount);
    object.insert(u"error_class", errorClass);
    object.insert(u"root_cause", rootCause);
    object.insert(u"attempts", attempts);
    object.insert(u"origin", caseOriginName(origin));
    object.insert(u"notes", notes);
    object.insert(u"active", active);
    object.insert(u"created", storeTimestamp(created));
    object.insert(u"updated", storeTimestamp(updated));
    return object;
}

namespace {

// Reads one optional field; a present field of the wrong type is an error.
class FieldReader
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::CaseRecord)

public:
    explicit FieldReader(const QJsonObject &object) : m_object(object) { }

    QString error() const { return m_error; }

    QString string(QStringView key, bool required = false)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined() || value.isNull()) {
            if (required)
                fail(tr("the field \"%1\" is missing").arg(key));
            return {};
        }
        if (!value.isString()) {
            fail(tr("the field \"%1\" must be a string").arg(key));
            return {};
        }
        return value.toString();
    }

    qint64 integer(QStringView key, qint64 fallback)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined() || value.isNull())
            return fallback;
        if (!value.isDouble() || value.toDouble() != double(value.toInteger())) {
            fail(tr("the field \"%1\" must be a whole number").arg(key));
            return fallback;
        }
        return value.toInteger();
    }

    bool boolean(QStringView key, bool fallback)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined() || value.isNull())
            return fallback;
        if (!value.isBool()) {
            fail(tr("the field \"%1\" must be true or false").arg(key));
            return fallback;
        }
        return value.toBool();
    }

    QStringList strings(QStringView key)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined() || value.isNull())
            return {};
        if (!value.isArray()) {
            fail(tr("the field \"%1\" must be an array of strings").arg(key));
            return {};
        }
        QStringList result;
        const QJsonArray array = value.toArray();
        for (const QJsonValue &item : array) {
            if (!item.isString()) {
                fail(tr("the field \"%1\" must be an array of strings").arg(key));
                return {};
            }
            result.append(item.toString());
        }
        return result;
    }

    QDateTime time(QStringView key)
    {
        const QString text = string(key);
        if (text.isEmpty())
            return {};
        const QDateTime value = storeTimestampFromText(text);
        if (!value.isValid())
            fail(tr("the field \"%1\" is not an ISO 8601 time: %2").arg(key, text.left(40)));
        return value;
    }

    void fail(const QString &message)
    {
        if (m_error.isEmpty())
            m_error = message;
    }

private:
    const QJsonObject &m_object;
    QString m_error;
};

} // namespace

Result<CaseRecord> CaseRecord::fromJson(const QJsonObject &object)
{
    FieldReader reader(object);
    CaseRecord record;
    const QString kindName = reader.string(u"kind", true);
    if (!reader.error().isEmpty())
        return makeFailure(reader.error(), u"invalid"_s);
    const std::optional<CaseKind> kind = caseKindFromName(kindName);
    if (!kind) {
        return makeFailure(tr("the field \"kind\" must be \"good\" or \"bad\", not \"%1\"")
                                   .arg(kindName.left(40)),
                           u"invalid"_s);
    }
    record.kind = *kind;
    record.id = reader.integer(u"id", 0);
    record.question = reader.string(u"question", true);
    record.sql = reader.string(u"sql");
    record.datasource = reader.string(u"datasource");
    record.dialect = reader.string(u"dialect");
    record.columns = reader.strings(u"columns");
    record.rowCount = reader.integer(u"row_count", 0);
    record.errorClass = reader.string(u"error_class");
    record.rootCause = reader.string(u"root_cause");
    record.attempts = int(qBound(qint64(-1), reader.integer(u"attempts", 0), qint64(1000000)));
    const QString originName = reader.string(u"origin");
    record.notes = reader.string(u"notes");
    record.active = reader.boolean(u"active", true);
    record.created = reader.time(u"created");
    record.updated = reader.time(u"updated");
    if (!reader.error().isEmpty())
        return makeFailure(reader.error(), u"invalid"_s);
    // A line written by hand is a person's case unless it says otherwise.
    record.origin = CaseOrigin::Curated;
    if (!originName.isEmpty()) {
        const std::optional<CaseOrigin> origin = caseOriginFromName(originName);
        if (!origin) {
            return makeFailure(tr("the field \"origin\" must be \"auto\" or \"curated\", not "
                                  "\"%1\"")
                                       .arg(originName.left(40)),
                               u"invalid"_s);
        }
        record.origin = *origin;
    }
    if (record.id < 0)
        return makeFailure(tr("the field \"id\" must not be negative"), u"invalid"_s);
    const QString invalid = record.validationError();
    if (!invalid.isEmpty())
        return makeFailure(invalid, u"invalid"_s);
    return record;
}

QString CaseRecord::validationError() const
{
    if (question.trimmed().isEmpty())
        return tr("a case needs a question");
    if (kind == CaseKind::Good && sql.trimmed().isEmpty())
        return tr("a good case needs its SQL");
    if (!errorClass.isEmpty() && !errorClassFromName(errorClass))
        return tr("\"%1\" is not an error class").arg(errorClass.left(40));
    if (rowCount < 0)
        return tr("the row count must not be negative");
    if (attempts < 0)
        return tr("the number of attempts must not be negative");
    return {};
}

} // namespace sqlmend::core
