#pragma once

#include "core/cases/caserecord.h"

#include <QAbstractTableModel>
#include <QList>

namespace sqlmend::ui {

// The cases a filter selected, one a row, in the store's order (by rank when searching). The
// list is built off-model (on the store's thread) and swapped in whole under a reset.
class CaseLibraryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        KindColumn,
        QuestionColumn,
        SqlColumn,
        ErrorClassColumn,
        DatasourceColumn,
        OriginColumn,
        ActiveColumn,
        UpdatedColumn,
        NotesColumn,
        ColumnCount
    };
    enum Role { CaseIdRole = Qt::UserRole + 1, CaseRecordRole };

    // Display text is cut here; the tooltip holds more of it.
    static constexpr int displayLength = 200;

    explicit CaseLibraryModel(QObject *parent = nullptr);

    void setCases(QList<core::CaseRecord> cases);
    const QList<core::CaseRecord> &cases() const { return m_cases; }
    // -1 when the id is not listed.
    int rowOfId(qint64 id) const;
    core::CaseRecord caseAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString displayText(const core::CaseRecord &record, int column) const;
    QString fullText(const core::CaseRecord &record, int column) const;

    QList<core::CaseRecord> m_cases;
};

} // namespace sqlmend::ui
