#pragma once

#include "core/export/exportwriter.h"
#include "core/export/rowsource.h"

#include <QPointer>
#include <QTableView>

class QAction;
class QSortFilterProxyModel;

namespace sqlmend::ui {

class ValueViewer;

// A table of result rows as analysts expect it, for the Run SQL grid and the chat's answers: SQL
// NULL in grey italics and the empty string as "(empty)", so that neither looks like the text
// 'NULL' or a blank; numbers right-aligned; sorting by a header click and a text filter, both on
// the rows loaded; columns fitted to their contents (within a bound); a viewer for one long value
// (Enter or a double click); and copy of exactly what is selected: one cell's value, or a range
// as tab-separated text, with or without the header, or as CSV or Markdown. Export is asked for
// with exportRequested(); rows() gives what the grid holds, in the order it shows them.
class ResultGrid : public QTableView
{
    Q_OBJECT

public:
    explicit ResultGrid(QWidget *parent = nullptr);
    ~ResultGrid() override;

    // Not owned. A core::ResultModel exposes all its loaded rows once sorted or filtered.
    void setSourceModel(QAbstractItemModel *model);
    QAbstractItemModel *sourceModel() const;
    QSortFilterProxyModel *proxy() const { return m_proxy; }

    // Rows whose shown text contains text (any column, any letter case); empty shows all.
    void setFilterText(const QString &text);
    QString filterText() const;
    bool isFiltered() const;
    bool isSorted() const;
    // Back to the rows' own order and no filter.
    void clearSortAndFilter();

    // Tab-separated text of the selection (its bounding range; cells outside the selection stay
    // empty). One cell without headers is its value alone.
    QString selectionText(bool withHeaders) const;
    // The selection through an export writer (CSV, Markdown, JSON ...), always with the header.
    QString selectionAs(core::ExportFormat format) const;
    void copySelection(bool withHeaders);
    void copySelectionAs(core::ExportFormat format);

    // What the grid holds, as it shows it (sorted and filtered), for an export.
    core::RowSource rows() const;
    int shownRowCount() const;

    void fitColumns();
    // The whole value of a cell (an index of this view's model).
    void showValue(const QModelIndex &index);
    ValueViewer *valueViewer() const { return m_viewer; }

    QAction *copyAction() const { return m_copy; }
    QAction *copyWithHeadersAction() const { return m_copyHeaders; }
    QAction *exportAction() const { return m_export; }
    // The widest a fitted column gets.
    int maxFittedWidth() const;

    // How a cell shows a value: NULL and the empty string as muted italics of their own text
    // (never the value 'NULL' or a blank), numbers on the right.
    struct CellLook
    {
        QString text; // set when muted
        bool muted = false;
        bool rightAligned = false;
    };
    static CellLook cellLook(const QVariant &value);

    // A cell's value as copied: NULL is empty, bytes base64, dates ISO 8601.
    static QString copyText(const QVariant &value);

Q_SIGNALS:
    void exportRequested();
    void filterChanged();

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    QVariant valueAt(int proxyRow, int column) const;
    void exposeAll();

    QSortFilterProxyModel *m_proxy = nullptr;
    QPointer<QAbstractItemModel> m_source;
    ValueViewer *m_viewer = nullptr;
    QAction *m_copy = nullptr;
    QAction *m_copyHeaders = nullptr;
    QAction *m_copyCsv = nullptr;
    QAction *m_copyMarkdown = nullptr;
    QAction *m_copyJson = nullptr;
    QAction *m_viewValue = nullptr;
    QAction *m_fit = nullptr;
    QAction *m_clearSort = nullptr;
    QAction *m_export = nullptr;
    QString m_filterText;
    bool m_fitPending = true;
};

} // namespace sqlmend::ui
