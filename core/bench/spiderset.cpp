#include "core/bench/spiderset.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// dev.json of the full Spider dev set is under 1 MB; refuse anything absurd before reading it.
constexpr qint64 MaxDevJsonBytes = 256 * 1024 * 1024;

// A db_id names a folder and a file: keep it to one path component.
bool isSafeDatabaseId(const QString &id)
{
    if (id.isEmpty() || id == u"." || id == u"..")
        return false;
    return !id.contains(u'/') && !id.contains(u'\\') && !id.contains(QChar(u'\0'));
}

} // namespace

Result<SpiderSet> SpiderSet::load(const QString &dir)
{
    if (dir.trimmed().isEmpty())
        return makeFailure(tr("no Spider folder was given"), u"invalid"_s);
    const QFileInfo dirInfo(dir);
    if (!dirInfo.exists())
        return makeFailure(tr("the Spider folder \"%1\" does not exist").arg(dir), u"missing"_s);
    if (!dirInfo.isDir())
        return makeFailure(tr("\"%1\" is not a folder").arg(dir), u"invalid"_s);

    const QDir root(dirInfo.absoluteFilePath());
    QFile devFile(root.filePath(u"dev.json"_s));
    if (!devFile.open(QIODevice::ReadOnly)) {
        return makeFailure(
                tr("cannot read \"%1\": %2").arg(devFile.fileName(), devFile.errorString()),
                u"missing"_s);
    }
    if (devFile.size() > MaxDevJsonBytes)
        return makeFailure(tr("\"%1\" is too large").arg(devFile.fileName()), u"invalid"_s);

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(devFile.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return makeFailure(tr("\"%1\" is not valid JSON: %2 at offset %3")
                                   .arg(devFile.fileName(), parseError.errorString())
                                   .arg(parseError.offset),
                           u"invalid"_s);
    }
    if (!document.isArray()) {
        return makeFailure(tr("\"%1\" must hold a JSON array of questions").arg(devFile.fileName()),
                           u"invalid"_s);
    }

    SpiderSet set;
    set.m_dir = root.absolutePath();
    const QJsonArray items = document.array();
    set.m_questions.reserve(items.size());
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonObject item = items.at(i).toObject();
        const QJsonValue dbId = item.value(u"db_id"_s);
        const QJsonValue question = item.value(u"question"_s);
        const QJsonValue query = item.value(u"query"_s);
        if (!items.at(i).isObject() || !dbId.isString() || !question.isString()
            || !query.isString()) {
            return makeFailure(tr("question %1 of \"%2\" lacks a string db_id, question or query")
                                       .arg(i)
                                       .arg(devFile.fileName()),
                               u"invalid"_s);
        }
        const QString id = dbId.toString();
        if (!isSafeDatabaseId(id)) {
            return makeFailure(
                    tr("question %1 names an invalid db_id \"%2\"").arg(i).arg(id.left(80)),
                    u"invalid"_s);
        }
        if (!set.m_databasePaths.contains(id)) {
            const QString path = root.filePath(u"database/%1/%1.sqlite"_s.arg(id));
            if (!QFileInfo(path).isFile()) {
                return makeFailure(tr("the database \"%1\" has no file \"%2\"").arg(id, path),
                                   u"missing"_s);
            }
            set.m_databasePaths.insert(id, QFileInfo(path).absoluteFilePath());
        }
        set.m_questions.append(SpiderQuestion{int(i), id, question.toString(), query.toString()});
    }
    if (set.m_questions.isEmpty())
        return makeFailure(tr("\"%1\" holds no questions").arg(devFile.fileName()), u"invalid"_s);
    return set;
}

QString SpiderSet::dirFromEnvironment()
{
    return qEnvironmentVariable("SQLMEND_SPIDER_DIR");
}

QStringList SpiderSet::databaseIds() const
{
    QStringList ids = m_databasePaths.keys();
    std::sort(ids.begin(), ids.end());
    return ids;
}

QString SpiderSet::databasePath(const QString &dbId) const
{
    return m_databasePaths.value(dbId);
}

} // namespace sqlmend::core
