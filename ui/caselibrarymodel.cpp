#include "ui/caselibrarymodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

using core::CaseKind;
using core::CaseOrigin;
using core::CaseRecord;

namespace {

// A tooltip is laid out whole; a huge pasted text must not freeze the window.
constexpr int tooltipLength = 4000;

// One line: a table cell shows where a long statement starts, not its layout. Only the start
// is simplified: a cell is painted often, and a case may hold megabytes.
QString oneLine(const QString &text, int length)
{
    QString line = QStringView(text).left(qsizetype(length) * 4).toString().simplified();
    if (line.size() > length || text.size() > qsizetype(length) * 4)
        line = line.left(length - 1) + QChar(0x2026);
    return line;
}

QString cut(const QString &text, int length)
{
    return text.size() > length ? text.left(length - 1) + QChar(0x2026) : text;
}

} // namespace

CaseLibraryModel::CaseLibraryModel(QObject *parent) : QAbstractTableModel(parent) { }

void CaseLibraryModel::setCases(QList<CaseRecord> cases)
{
    beginResetModel();
    m_cases = std::move(cases);
    endResetModel();
}

int CaseLibraryModel::rowOfId(qint64 id) const
{
    for (int row = 0; row < m_cases.size(); ++row) {
        if (m_cases.at(row).id == id)
            return row;
    }
    return -1;
}

CaseRecord CaseLibraryModel::caseAt(int row) const
{
    if (row < 0 || row >= m_cases.size())
        return {};
    return m_cases.at(row);
}

int CaseLibraryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_cases.size());
}

int CaseLibraryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CaseLibraryModel::fullText(const CaseRecord &record, int column) const
{
    switch (column) {
    case KindColumn:
        return record.kind == CaseKind::Good ? tr("good") : tr("bad");
    case QuestionColumn:
        return record.question;
    case SqlColumn:
        return record.sql;
    case ErrorClassColumn:
        return record.errorClass;
    case DatasourceColumn:
        return record.datasource;
    case OriginColumn:
        return record.origin == CaseOrigin::Auto ? tr("auto") : tr("curated");
    case ActiveColumn:
        return record.active ? tr("active") : tr("inactive");
    case UpdatedColumn:
        return QLocale().toString(record.updated.toLocalTime(), QLocale::ShortFormat);
    case NotesColumn:
        return record.notes;
    }
    return {};
}

QString CaseLibraryModel::displayText(const CaseRecord &record, int column) const
{
    return oneLine(fullText(record, column), displayLength);
}

QVariant CaseLibraryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CaseRecord &record = m_cases.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayText(record, index.column());
    case Qt::ToolTipRole:
        return cut(fullText(record, index.column()), tooltipLength);
    case Qt::CheckStateRole:
        if (index.column() == ActiveColumn)
            return record.active ? Qt::Checked : Qt::Unchecked;
        return {};
    case CaseIdRole:
        return record.id;
    case CaseRecordRole:
        return QVariant::fromValue(record);
    default:
        return {};
    }
}

QVariant CaseLibraryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KindColumn:
        return tr("Kind");
    case QuestionColumn:
        return tr("Question");
    case SqlColumn:
        return tr("SQL");
    case ErrorClassColumn:
        return tr("Error class");
    case DatasourceColumn:
        return tr("Datasource");
    case OriginColumn:
        return tr("Origin");
    case ActiveColumn:
        return tr("Active");
    case UpdatedColumn:
        return tr("Updated");
    case NotesColumn:
        return tr("Notes");
    default:
        return {};
    }
}

} // namespace sqlmend::ui
